/**
 * A real HTTPS webhook receiver on 127.0.0.1 for tests, with its own CA made
 * here by openssl (nothing is downloaded, nothing leaves loopback). The
 * service trusts it only through the TEST-ONLY setting
 * P2M_TEST_ONLY_WEBHOOK_CA_FILE (see `serviceEnv`). Each path answers as
 * told: a status (with headers), a hang (never answers until closed), or a
 * sequence of those, the last one repeating.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';


export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | { hang: true };
export type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type Receiver = AsyncDisposable & {
  port: number;
  /** `https://127.0.0.1:<port>` */
  base: string;
  caFile: string;
  /** The CA certificate (PEM), for a client built by the test itself. */
  caPem: string;
  received: Received[];
  /** Sets how `path` answers from now on (a list is consumed in order; its last entry repeats). */
  answer(path: string, answers: Answer | Answer[]): void;
  /** Requests seen at `path`. */
  at(path: string): Received[];
  /** Most requests to `path` in flight at once so far. */
  maxInFlight(path: string): number;
  /** Resolves when `path` has received `n` requests. */
  waitFor(path: string, n: number): Promise<void>;
  close(): Promise<void>;
};

/** Makes a CA and a certificate for 127.0.0.1 and hooks.test signed by it, in a temporary directory. */
function makeCertificates(): { dir: string; caFile: string; key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'p2m-hook-ca-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=p2m test CA']);
  run(['req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(
    join(dir, 'leaf.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:hooks.test,DNS:other.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  run(['x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '2', '-extfile', 'leaf.ext']);
  return { dir, caFile: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'leaf.key'), 'utf8'), cert: readFileSync(join(dir, 'leaf.pem'), 'utf8') };
}

/** Starts a receiver; every path answers 200 until told otherwise. */
export async function startReceiver(): Promise<Receiver> {
  const certs = makeCertificates();
  const received: Received[] = [];
  const plans = new Map<string, Answer[]>();
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const waiters: { path: string; n: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();

  const reply = (path: string, res: ServerResponse, a: Answer) => {
    const end = () => {
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
      if ('hang' in a) return void hung.add(res);
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end('ok');
    };
    if ('hang' in a || !a.delayMs) return end();
    setTimeout(end, a.delayMs);
  };

  const server: Server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    const chunks: Buffer[] = [];
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    peak.set(path, Math.max(peak.get(path) ?? 0, inFlight.get(path)!));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      for (const w of waiters.filter((w) => w.path === path && received.filter((r) => r.path === path).length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const plan = plans.get(path) ?? [{ status: 200 }];
      reply(path, res, plan.length > 1 ? plan.shift()! : plan[0]!);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = async () => {
    for (const r of hung) r.destroy();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(certs.dir, { recursive: true, force: true });
  };
  return {
    port,
    base: `https://127.0.0.1:${port}`,
    caFile: certs.caFile,
    caPem: readFileSync(certs.caFile, 'utf8'),
    received,
    answer: (path, answers) => void plans.set(path, Array.isArray(answers) ? [...answers] : [answers]),
    at: (path) => received.filter((r) => r.path === path),
    maxInFlight: (path) => peak.get(path) ?? 0,
    waitFor: (path, n) =>
      received.filter((r) => r.path === path).length >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ path, n, resolve })),
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** What a service needs to deliver to this receiver: loopback allowed (the test-only switch) and its CA trusted. */
export const serviceEnv = (r: Pick<Receiver, 'caFile'>): Record<string, string> => ({
  P2M_ALLOW_PRIVATE_URLS: 'true',
  P2M_TEST_ONLY_WEBHOOK_CA_FILE: r.caFile,
});
