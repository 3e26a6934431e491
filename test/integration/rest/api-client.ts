/**
 * A real HTTP server over a test environment's runtime, and a small fetch
 * client for it. Use with `await using api = await startApi(env)`.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../../db/schema.ts';
import { hashSecret } from '../../../core/crypto/hash-secret.ts';
import { createApp } from '../../../server/create-app.ts';
import type { Mounts } from '../../../server/mounts.ts';
import { createWorker } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv } from '../../support/test-env.ts';

export type CallOptions = { key?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };

export type Api = AsyncDisposable & {
  base: string;
  call(method: string, path: string, opts?: CallOptions): Promise<Response>;
  /** Multipart creation: fields in order, then the file part. */
  upload(key: string, pdf: Buffer, fields?: [string, string][], headers?: Record<string, string>): Promise<Response>;
};

export async function startApi(env: TestEnv, mounts: Mounts = {}): Promise<Api> {
  const server = createServer(createApp(env.runtime, mounts));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (method: string, path: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    return fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  };
  return {
    base,
    call,
    upload(key, pdf, fields = [], headers = {}) {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
      return call('POST', '/api/v2/jobs', { key, body: form, headers });
    },
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Creates a job from a fresh PDF over multipart and returns its JSON. */
export async function createJob(api: Api, key: string, pages?: string[][]): Promise<{ job_id: string; status: string }> {
  const res = await api.upload(key, await makePdf(pages));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { job_id: string; status: string };
}

/** Runs the real worker until the queue is empty. */
export async function drainQueue(env: TestEnv): Promise<number> {
  return createWorker(env.runtime, { concurrency: 1, pools: ['paid', 'free'] }).runOnce();
}

export async function revokeKey(env: TestEnv, key: string): Promise<void> {
  await env.runtime.db.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.hash, hashSecret(key)));
}

export const errorCode = async (res: Response): Promise<string> => ((await res.json()) as { error: { code: string } }).error.code;

/**
 * The first database of a test process is the slow one (PGlite compiles its
 * WebAssembly and migrates). Run this in beforeAll, whose timeout is longer,
 * so that cost is not charged to whichever test happens to come first.
 */
export async function warmUp(): Promise<void> {
  await using _env = await fileEnv();
}
