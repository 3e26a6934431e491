/**
 * An upload ticket is good for one thing: its own upload. Core refuses every
 * other operation to it, and of two uploads racing on one ticket exactly one
 * creates a job.
 */
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../core/blobs/blob-source.ts';
import { issueLinkTicket } from '../../../core/devices/link/issue-link-ticket.ts';
import { linkDeviceWithTicket } from '../../support/link-device-with-ticket.ts';
import { authenticateUploadTicket } from '../../../core/jobs/tickets/authenticate-upload-ticket.ts';
import { invoke, type Operation } from '../../../core/operation.ts';
import { OPERATIONS, createJobFromTicket, createUploadTicket } from '../../../core/operations.ts';
import type { Principal } from '../../../core/principal.ts';
import { devices } from '../../../db/schema.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv } from '../../support/test-env.ts';

async function linkedDeviceTicket(env: TestEnv): Promise<string> {
  const [device] = await env.runtime.db
    .insert(devices)
    .values({ keyThumbprint: crypto.randomUUID(), publicKey: {}, tokenHash: crypto.randomUUID() })
    .returning();
  const { accountId } = await env.user();
  await linkDeviceWithTicket(env.runtime, (await issueLinkTicket(env.runtime, device!.id)).ticket, accountId);
  const principal: Principal = { kind: 'device', deviceId: device!.id, accountId, tier: 'free' };
  const t = await invoke(createUploadTicket, env.ctx(principal), {});
  if (!t.eligible) throw new Error(t.reason);
  return t.ticket;
}

describe('the upload_ticket principal', () => {
  it('is refused by every operation but its upload', async () => {
    await using env = await fileEnv();
    const ticket = await authenticateUploadTicket(env.runtime.db, await linkedDeviceTicket(env));
    for (const op of OPERATIONS.filter((o) => o !== createJobFromTicket) as unknown as Operation[]) {
      await expect(invoke(op, env.ctx(ticket), {}), op.name).rejects.toMatchObject({ code: expect.stringMatching(/^(forbidden|api_key_required)$/) });
    }
  });

  it('two uploads racing on one ticket: one job, the other is refused or answered with that job', async () => {
    await using env = await fileEnv();
    const principal = await authenticateUploadTicket(env.runtime.db, await linkedDeviceTicket(env));
    const pdf = await makePdf();
    const results = await Promise.allSettled([0, 1].map(() => invoke(createJobFromTicket, env.ctx(principal), { file: bytesSource(pdf) })));
    const created = results.filter((r) => r.status === 'fulfilled' && r.value.created);
    expect(created).toHaveLength(1);
    const other = results.find((r) => r !== created[0])!;
    if (other.status === 'rejected') expect(other.reason).toMatchObject({ code: 'unauthenticated' });
    else expect(other.value).toMatchObject({ created: false, job_id: (created[0] as PromiseFulfilledResult<{ job_id: string }>).value.job_id });
    const jobs = await env.runtime.db.query.jobs.findMany();
    expect(jobs).toHaveLength(1);
  });
});
