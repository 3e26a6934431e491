/**
 * A worker keeps its conversion children warm between jobs of one tenant
 * (isolate/warm-children.ts, P2M_CHILD_REUSE): the pid-child fixture names
 * its process and request count in each result, so the test sees which
 * process converted which job.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStoredResult } from '../../../core/jobs/get-markdown.ts';
import { invoke } from '../../../core/operation.ts';
import { getMarkdown } from '../../../core/operations.ts';
import { createWorker } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { testEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { queueJob } from './helpers.ts';

const PID_CHILD = fileURLToPath(new URL('../../support/children/pid-child.ts', import.meta.url));

async function markdownOf(env: TestEnv, user: TestUser, id: string): Promise<string> {
  const md = await invoke(getMarkdown, env.ctx(user.principal), { job_id: id });
  const chunks: Buffer[] = [];
  for await (const c of await openStoredResult(env.runtime, md.result)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

const servedBy = async (env: TestEnv, user: TestUser, id: string) => {
  const [, pid, request] = /pid (\d+) request (\d+)/.exec(await markdownOf(env, user, id)) ?? [];
  return { pid: Number(pid), request: Number(request) };
};

describe('worker: warm conversion children', () => {
  it('one child converts a tenant’s jobs in turn; another tenant’s job gets a child of its own', async () => {
    await using env = await testEnv();
    const [alice, bob] = [await env.user(), await env.user()];
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free', 'paid'], childModule: PID_CHILD });
    try {
      const mine = [await queueJob(env, alice), await queueJob(env, alice), await queueJob(env, alice)];
      expect(await worker.runOnce()).toBe(3);
      const served = await Promise.all(mine.map((id) => servedBy(env, alice, id)));
      expect(new Set(served.map((s) => s.pid)).size).toBe(1);
      expect(served.map((s) => s.request).sort()).toEqual([1, 2, 3]);

      const theirs = await queueJob(env, bob);
      expect(await worker.runOnce()).toBe(1);
      const bobs = await servedBy(env, bob, theirs);
      expect(bobs.request).toBe(1);
      expect(bobs.pid).not.toBe(served[0]!.pid);
    } finally {
      await worker.stop();
    }
  });

  it('P2M_CHILD_REUSE=never: a fresh child per job', async () => {
    await using env = await testEnv({ P2M_CHILD_REUSE: 'never' });
    const alice = await env.user();
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free', 'paid'], childModule: PID_CHILD });
    try {
      const ids = [await queueJob(env, alice), await queueJob(env, alice)];
      expect(await worker.runOnce()).toBe(2);
      const [a, b] = await Promise.all(ids.map((id) => servedBy(env, alice, id)));
      expect(a!.pid).not.toBe(b!.pid);
      expect([a!.request, b!.request]).toEqual([1, 1]);
    } finally {
      await worker.stop();
    }
  });

  it('P2M_CHILD_THREADS=single: children run V8 on one thread; by default they do not', async () => {
    for (const threads of ['single', 'v8'] as const) {
      await using env = await testEnv({ P2M_CHILD_THREADS: threads });
      const alice = await env.user();
      const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free', 'paid'], childModule: PID_CHILD });
      try {
        const id = await queueJob(env, alice);
        expect(await worker.runOnce()).toBe(1);
        expect(await markdownOf(env, alice, id)).toContain(`single ${threads === 'single'}`);
      } finally {
        await worker.stop();
      }
    }
  });

  it('a warm engine child converts each job from its own input', async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free', 'paid'] });
    try {
      const texts = ['Warm child first document', 'Warm child second document', 'Warm child third document'];
      const ids = [];
      for (const t of texts) ids.push(await queueJob(env, alice, await makePdf([[t], [`${t}, page two`]])));
      expect(await worker.runOnce()).toBe(3);
      for (const [i, id] of ids.entries()) {
        const md = await markdownOf(env, alice, id);
        expect(md).toContain(texts[i]);
        expect(md).toContain(`${texts[i]}, page two`);
        for (const other of texts.filter((_, j) => j !== i)) expect(md).not.toContain(other);
      }
    } finally {
      await worker.stop();
    }
  });
});
