/**
 * Parity of the account operations (API keys, webhooks, account reads and
 * linked devices) between REST and tRPC: the same calls, made by the same
 * kinds of caller on each transport, give the same replies once ids, secrets
 * and times are made comparable. MCP offers the job operations only
 * (coverage.test.ts), so it is not among them.
 *
 * Which operations belong here is read from the route records (v2 routes
 * tagged account or webhooks that also declare a tRPC procedure): an operation that gains a
 * route and a procedure fails the coverage case below until the scenario
 * calls it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { createApiKeyOperation } from '../../../core/operations.ts';
import { createWebhook } from '../../../core/webhooks/webhook-operations.ts';
import { V2_ROUTES } from '../../../rest/routes.ts';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import { signIn } from '../../support/sign-in.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { startApi, type Api } from '../rest/api-client.ts';
import { restTransport, rpcTransport, type Caller, type Input, type Reply, type Transport } from './transports.ts';

/** The operations of the v2 account and webhook routes that tRPC also offers. */
const ACCOUNT_OPS = [
  ...new Set(
    V2_ROUTES.filter((r) => r.doc?.tag === 'account' || r.doc?.tag === 'webhooks')
      .flatMap((r) => (r.rpc ?? []).map((b) => b.operation.name)),
  ),
].sort();

let env: TestEnv;
let api: Api;
const transports: Record<string, Transport> = {};
beforeAll(async () => {
  env = await testEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
  api = await startApi(env, { trpc: createTrpcMiddleware });
  for (const t of [restTransport(api.base), rpcTransport(api.base)]) transports[t.name] = t;
});
afterAll(async () => {
  await api?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

type Step = { op: string; who: string; reply: Reply };

/** Fields whose values differ between runs by nature (random secrets and what shows of them, addresses). */
const VARYING = new Set(['secret', 'start', 'email']);

/** Ids and times differ between runs too; their places and repeats must not. */
function comparable(steps: Step[]): unknown {
  const ids = new Map<string, string>();
  const text = JSON.stringify(steps, (k, v: unknown) => (VARYING.has(k) && typeof v === 'string' ? `<${k}>` : v))
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id ${ids.size}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
  return JSON.parse(text);
}

/** One account's whole life on one transport: every call, with its reply. */
async function scenario(t: Transport): Promise<Step[]> {
  const origin = env.config.publicOrigins[0]!;
  const session = await signIn(env, { tier: 'pro' });
  const free = await signIn(env, { tier: 'free' });
  const other = await signIn(env, { tier: 'pro' });
  const keyUser = await env.user({ tier: 'pro' });
  const callers: Record<string, Caller> = {
    session: { cookie: session.cookie, origin },
    free: { cookie: free.cookie, origin },
    key: keyUser.key,
    nobody: undefined,
  };
  // Another account's key and webhook, made through core: each transport must answer not_found for them.
  const othersKey = await invoke(createApiKeyOperation, env.ctx(other.principal), { name: 'other' });
  const othersHook = await invoke(createWebhook, env.ctx(other.principal), { url: 'https://127.0.0.1:9/other' });

  const steps: Step[] = [];
  const call = async (who: string, op: string, input: Input = {}) => {
    const reply = await t.call(callers[who], op, input);
    steps.push({ op, who, reply });
    return reply;
  };
  const data = (r: Reply) => (r as { data: Record<string, unknown> }).data;

  for (const op of ACCOUNT_OPS) await call('nobody', op);
  await call('session', 'get_me');
  await call('key', 'get_me');
  await call('session', 'get_usage');
  await call('key', 'get_usage');
  await call('session', 'get_limits');
  await call('key', 'get_limits');

  await call('key', 'list_api_keys');
  const created = data(await call('session', 'create_api_key', { name: 'parity', scopes: ['jobs:read'] }));
  await call('session', 'create_api_key', { name: 'bad', scopes: ['jobs:everything'] });
  await call('session', 'list_api_keys');
  await call('session', 'revoke_api_key', { key_id: created.id });
  await call('session', 'revoke_api_key', { key_id: othersKey.id });
  await call('session', 'list_api_keys');

  await call('session', 'list_account_devices');
  await call('session', 'unlink_account_device', { device_id: randomUUID() });

  await call('free', 'create_webhook', { url: 'https://127.0.0.1:9/hook' });
  await call('session', 'create_webhook', { url: 'http://127.0.0.1:9/plain' });
  const hook = data(await call('session', 'create_webhook', { url: 'https://127.0.0.1:9/hook', events: ['job.ready'] }));
  await call('session', 'list_webhooks');
  await call('session', 'update_webhook', { webhook_id: hook.webhook_id, events: ['job.ready', 'job.error'] });
  await call('session', 'rotate_webhook_secret', { webhook_id: hook.webhook_id, overlap_seconds: 60 });
  const test = data(await call('session', 'send_test_webhook', { webhook_id: hook.webhook_id, event: 'job.error' }));
  await call('session', 'list_webhook_deliveries', { webhook_id: hook.webhook_id });
  await call('session', 'redeliver_webhook_delivery', { delivery_id: test.delivery_id });
  await call('session', 'send_test_webhook', { webhook_id: othersHook.webhook_id });
  await call('session', 'update_webhook', { webhook_id: othersHook.webhook_id, events: [] });
  await call('session', 'delete_webhook', { webhook_id: othersHook.webhook_id });
  await call('session', 'delete_webhook', { webhook_id: hook.webhook_id });
  await call('session', 'list_webhooks');
  return steps;
}

describe('account operations over REST and tRPC', () => {
  it('the scenario calls every account and webhook operation both transports offer', () => {
    expect(ACCOUNT_OPS.length).toBeGreaterThanOrEqual(12);
    expect(ACCOUNT_OPS).toContain('get_me');
    expect(ACCOUNT_OPS).toContain('create_webhook');
  });

  it('answers every call the same', async () => {
    const rest = await scenario(transports.rest!);
    const rpc = await scenario(transports.rpc!);
    const called = new Set(rest.filter((s) => s.who !== 'nobody').map((s) => s.op));
    expect(ACCOUNT_OPS.filter((op) => !called.has(op)), 'operations the scenario never calls').toEqual([]);
    expect(rest.filter((s) => s.who === 'nobody').map((s) => s.reply)).toEqual(ACCOUNT_OPS.map(() => ({ error: 'unauthenticated' })));
    // The 204 routes answer no body on REST; tRPC's data for them is compared as null.
    const noBody = new Set(V2_ROUTES.filter((r) => r.doc?.success === 204).flatMap((r) => r.operations.map((o) => o.name)));
    const rpcComparable = rpc.map((s) => (noBody.has(s.op) && 'data' in s.reply ? { ...s, reply: { data: null } } : s));
    expect(comparable(rpcComparable)).toEqual(comparable(rest));
    // Every other call succeeded: these are the scenario's refusals, the same on both transports.
    expect(rest.filter((s) => s.who !== 'nobody' && 'error' in s.reply).map((s) => `${s.op} ${(s.reply as { error: string }).error}`)).toEqual([
      'list_api_keys forbidden',
      'create_api_key bad_input',
      'revoke_api_key not_found',
      'unlink_account_device not_found',
      'create_webhook not_in_plan',
      'create_webhook bad_input',
      'redeliver_webhook_delivery not_ready',
      'send_test_webhook not_found',
      'update_webhook not_found',
      'delete_webhook not_found',
    ]);
  });
});
