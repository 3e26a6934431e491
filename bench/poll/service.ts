/**
 * The real service for the polling benchmark: `p2m serve` as its own process
 * on loopback with a fresh data directory (and, on PostgreSQL, a fresh
 * database), default settings except a rate budget no run spends (every poll
 * is still charged: in memory on PGlite, in Redis on PostgreSQL), an API key
 * made with `p2m keys create`, and one converted job to poll.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const run = promisify(execFile);
const P2M = fileURLToPath(new URL('../../cli/p2m.ts', import.meta.url));

export type DbTarget = { kind: 'pglite' } | { kind: 'postgres'; databaseUrl: string; redisUrl: string };

export type Service = {
  pid: number;
  /** GET this with `headers` to poll the job. */
  jobUrl: string;
  headers: Record<string, string>;
  /** The job's JSON as served: the baseline answers the same bytes. */
  body: string;
  stop(): Promise<void>;
};

/** A budget no benchmark run spends (100 million calls a minute), charged and counted as any budget. */
const UNSPENT = JSON.stringify(
  Object.fromEntries(['anonymous', 'free', 'pro'].map((t) => [t, { ratePerMinute: 100_000_000 }])),
);

export type ServiceOptions = {
  /** Run the server under `node --cpu-prof`, writing its profile there when it stops. */
  profileDir?: string | undefined;
  /** P2M_RATE_LIMIT=false: no charge at all (what the issue 9 runs measured). */
  liftRateLimit?: boolean;
};

export async function startService(db: DbTarget, opts: ServiceOptions = {}): Promise<Service> {
  const profileDir = opts.profileDir;
  const dataDir = mkdtempSync(join(tmpdir(), 'p2m-bench-poll-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    P2M_DATA_DIR: dataDir,
    // Every poll pays its rate charge, as in production; the budget is only too large to run out.
    ...(opts.liftRateLimit ? { P2M_RATE_LIMIT: 'false' } : {}),
    P2M_TIERS: UNSPENT,
    ...(db.kind === 'postgres' ? { DATABASE_URL: db.databaseUrl, REDIS_URL: db.redisUrl } : {}),
  };
  // The request log goes to a file, as it would to a log collector: the service pays for writing it.
  const logFd = openSync(join(dataDir, 'serve.log'), 'w');
  const prof = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...prof, P2M, 'serve'], { env, stdio: ['ignore', logFd, logFd] });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child).then(() => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(async () => (await fetch(`${base}/healthz`)).ok, child);
    const { stdout } = await run(process.execPath, [P2M, 'keys', 'create', '--email', 'bench@example.com'], {
      env,
    });
    const headers = { authorization: `Bearer ${stdout.trim()}` };
    const jobUrl = `${base}/api/v2/jobs/${await createJob(base, headers)}`;
    const body = await waitForReady(jobUrl, headers, child);
    return { pid: child.pid!, jobUrl, headers, body, stop };
  } catch (err) {
    const log = readFileSync(join(dataDir, 'serve.log'), 'utf8').split('\n').slice(-15).join('\n');
    await stop();
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\n--- last lines of the p2m serve log ---\n${log}`,
      {
        cause: err,
      },
    );
  }
}

async function createJob(base: string, headers: Record<string, string>): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(await samplePdf())], { type: 'application/pdf' }), 'polling.pdf');
  const res = await fetch(`${base}/api/v2/jobs`, { method: 'POST', headers, body: form });
  if (res.status !== 201) throw new Error(`creating the job answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { job_id: string }).job_id;
}

/** Polls once a quarter second until the embedded worker has converted the job; returns its JSON. */
async function waitForReady(
  url: string,
  headers: Record<string, string>,
  child: ChildProcess,
): Promise<string> {
  let body = '';
  await waitFor(async () => {
    body = await (await fetch(url, { headers })).text();
    const status = (JSON.parse(body) as { status: string }).status;
    if (status === 'error' || status === 'canceled') throw new Error(`the job ended ${status}: ${body}`);
    return status === 'ready';
  }, child);
  return body;
}

/** A one-page PDF with a heading and a paragraph. */
async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Polling benchmark', { x: 72, y: 760, size: 20, font });
  page.drawText('One short paragraph of text to convert.', { x: 72, y: 720, size: 11, font });
  return doc.save();
}

async function waitFor(
  ready: () => Promise<boolean>,
  child: ChildProcess,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`p2m serve exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('p2m serve did not get ready in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within 10 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
