/**
 * Every operation is offered by every transport where it belongs: job
 * operations as MCP tools, and every operation of core/operations.ts as a
 * tRPC procedure and a route record, unless it is listed below with the
 * reason it is not. The maps are read from the records themselves (the tRPC
 * procedures are those the records declare), so a new operation missing from
 * a transport fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { INVOKE_ERRORS } from '../../../core/operation.ts';
import { STATUS, type ErrorCode } from '../../../core/errors.ts';
import { JOB_OPERATIONS, OPERATIONS } from '../../../core/operations.ts';
import { appRouter, RPC_BINDINGS } from '../../../server/app-router.ts';
import { V2_ROUTES } from '../../../rest/routes.ts';
import { apiRoutes } from '../../../server/routes.ts';
import { mcpToolRegistry } from '../../../server/mcp-tools.ts';
import { restRouteOf } from './transports.ts';

const JOB_OPS = JOB_OPERATIONS.map((op) => op.name);
const ALL_OPS = OPERATIONS.map((op) => op.name);

/** Operations deliberately absent from tRPC, and why. */
const NOT_ON_RPC: Record<string, string> = {
  get_settings: 'device settings belong to the v1 device lane',
  update_settings: 'device settings belong to the v1 device lane',
  get_account_link: 'device-signed: tRPC has no device signature',
  start_device_link: 'device-signed: tRPC has no device signature',
  attach_device: 'device-signed with a session: tRPC has no device signature',
  unlink_device: 'device-signed: tRPC has no device signature',
  create_upload_ticket: 'device-signed: tRPC has no device signature',
  create_job_from_ticket: 'a multipart upload under an Upload-Ticket header; JSON-RPC carries no stream',
  start_checkout: 'a browser purchase flow, REST only',
  register_device: 'the extension registers over the v1 lane, before it has any credential',
  get_client_config: 'the v1 lane\'s unsigned configuration',
  start_sign_in: 'a browser redirect flow',
  finish_sign_in: 'a browser redirect flow',
  sign_out: 'ends a cookie session, a browser flow',
  list_plans: 'open to anyone, and tRPC needs a credential',
  open_billing_portal: 'a browser purchase flow, REST only',
  create_job_from_account_page: "the account page's multipart drop zone, REST only (a session's other creations stay API-key only)",
};

describe('transport coverage of the operations', () => {
  it('MCP has a tool per job operation', () => {
    const names = mcpToolRegistry().list.map((t) => t.name);
    expect(names.sort()).toEqual(JOB_OPS.map((op) => `pdf_to_markdown_${op}`).sort());
  });

  it('tRPC has a procedure per operation, except the device-signed and browser ones', () => {
    const procedures = new Map(RPC_BINDINGS.map((b) => [b.operation.name, b]));
    expect(procedures.size, 'an operation is declared on two tRPC procedures').toBe(RPC_BINDINGS.length);
    for (const op of ALL_OPS) {
      if (NOT_ON_RPC[op]) expect(procedures.has(op), `${op} is on tRPC although listed as absent`).toBe(false);
      else expect(procedures.get(op)?.path, `no tRPC procedure runs ${op}`).toBeDefined();
    }
    expect([...procedures.keys()].every((op) => ALL_OPS.includes(op))).toBe(true);
  });

  it('the tRPC router serves exactly the procedures the route records declare, a GET as a query', () => {
    const served = Object.entries(appRouter()._def.procedures as unknown as Record<string, { _def: { type: string; meta?: { operation?: string } } }>).map(
      ([path, p]) => [path, p._def.type, p._def.meta?.operation],
    );
    const declared = V2_ROUTES.flatMap((r) => (r.rpc ?? []).map((b) => [b.path, r.method === 'get' ? 'query' : 'mutation', b.operation.name]));
    expect(served.sort()).toEqual(declared.sort());
  });

  it('every operation has a route record, and each job operation exactly one v2 route (the one the parity clients call)', () => {
    const routes = apiRoutes(loadConfig({}));
    for (const op of ALL_OPS) expect(routes.some((r) => r.operations.some((o) => o.name === op)), op).toBe(true);
    for (const op of JOB_OPS) {
      const v2 = routes.filter((r) => r.path.startsWith('/api/v2/') && r.operations.some((o) => o.name === op));
      expect(v2, op).toEqual([restRouteOf(op)]);
    }
  });

  it("every route answers the statuses of its operations' error codes and invoke()'s own, from the one STATUS table", () => {
    const missing: string[] = [];
    for (const route of apiRoutes(loadConfig({}))) {
      for (const op of route.operations) {
        // An anonymous caller spends only the operation's address budgets; without any, invoke() never limits it.
        const charged = op.addressBudgets !== undefined || op.actors.some((a) => a !== 'anonymous');
        for (const code of [...op.errors, ...(charged ? INVOKE_ERRORS : [])] as ErrorCode[]) {
          if (!route.doc!.errors.includes(STATUS[code])) missing.push(`${route.method} ${route.path}: ${code} (${STATUS[code]}) of ${op.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
