import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import { loadConfig } from '../../../core/config.ts';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { issueApiKey } from '../../../core/keys/issue-api-key.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, getJob } from '../../../core/operations.ts';
import { createRuntime } from '../../../core/runtime.ts';
import type { JobEvent, Worker } from '../../../worker/worker.ts';
import { runWorkerProcess } from '../../../worker/main.ts';
import { makePdf } from '../../support/pdf.ts';
import { cloneTemplate } from '../../support/pg-template.ts';
import { DB_KIND, REDIS_URL } from '../../support/test-env.ts';

describe('p2m worker process', () => {
  it.skipIf(DB_KIND !== 'postgres')(
    'converts jobs queued by another process and stops on request',
    async () => {
      const clone = await cloneTemplate();
      const dataDir = await mkdtemp(join(tmpdir(), 'p2m-worker-'));
      const env = {
        DATABASE_URL: clone.url,
        P2M_DATA_DIR: dataDir,
        P2M_LOG_LEVEL: 'silent',
        P2M_POLL_MS: '60000',
      };
      const config = loadConfig({ ...env, ...(REDIS_URL ? { REDIS_URL } : {}) });
      const api = await createRuntime(config);
      const stop = new AbortController();
      try {
        let started!: (w: Worker) => void;
        const worker = new Promise<Worker>((resolve) => (started = resolve));
        const running = runWorkerProcess(config, { signal: stop.signal, onWorker: (w) => started(w) });
        const settled = new Promise<JobEvent>(
          (resolve) => void worker.then((w) => w.events.once('job', resolve)),
        );
        await worker;

        const account = await ensureAccount(api.db, 'worker-process@test.local');
        const { secret } = await issueApiKey(api.db, config.tiers, { accountId: account.id, name: 't' });
        const ctx = { ...api, principal: await authenticateApiKey(api.db, secret), requestId: 't' };
        const job = await invoke(createJobFromUpload, ctx, {
          content_base64: (await makePdf()).toString('base64'),
        });

        expect(await settled).toMatchObject({ jobId: job.job_id, outcome: 'ready' });
        expect((await invoke(getJob, ctx, { job_id: job.job_id })).status).toBe('ready');
        stop.abort();
        await running;
      } finally {
        stop.abort();
        await api.close();
        await clone.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
