/**
 * A real S3 server on loopback for tests: s3rver (npm) in a child process,
 * started per test file the way the database is cloned per file. Chosen over
 * moto[server] because it comes from the same npm lockfile as everything
 * else: a fresh machine needs no Python, venv or PyPI access, and it starts
 * in well under a second. It speaks SigV4 (checked), multipart uploads and
 * presigned GETs, which is what the S3 blob store uses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

export type S3TestServer = AsyncDisposable & {
  endpoint: string;
  /** The variables a p2m process needs to use `bucket` on this server. */
  env(bucket: string, prefix?: string): Record<string, string>;
  client: S3Client;
  createBucket(name: string): Promise<void>;
  /** SIGSTOP / SIGCONT: the server stops answering (connections hang) and resumes. */
  pause(): void;
  resume(): void;
  /** Stops the server for good (connections refused). */
  stop(): Promise<void>;
};

const CHILD = new URL('./s3rver-child.ts', import.meta.url).pathname;

export async function startS3Server(opts: { port?: number } = {}): Promise<S3TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-s3-'));
  // s3rver seals its continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider:
  // without it every truncated listing (more keys than MaxKeys) is a 500.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', CHILD, String(opts.port ?? 0), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await listeningPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint, forcePathStyle: true, region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
    })());
  return {
    endpoint,
    client,
    env: (bucket, prefix = 'p2m') => ({
      P2M_BLOB_STORE: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    createBucket: async (name) => void (await client.send(new CreateBucketCommand({ Bucket: name }))),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop,
    async [Symbol.asyncDispose]() {
      client.destroy();
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening: ${out}`)));
  });
}
