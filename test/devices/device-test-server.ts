import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { HEADERS, NONCE_TTL_SECONDS } from '../../core/devices/signing/headers.ts';
import { jwkThumbprint } from '../../core/devices/signing/jwk-thumbprint.ts';
import type { NonceStore } from '../../core/devices/signing/nonce-store.ts';
import { parsePublicJwk, type P256PublicJwk } from '../../core/devices/signing/parse-public-jwk.ts';
import { verifyDeviceSignature } from '../../core/devices/signing/verify-device-signature.ts';

/** What the server saw of one accepted signed request. */
export type Seen = {
  method: string;
  url: string;
  body: Uint8Array;
  file?: { name: string; bytes: Uint8Array };
};

type Device = { id: string; token: string; jwk: P256PublicJwk };

/**
 * A tiny v1 lane on 127.0.0.1 whose only job is to authenticate with the real
 * verifyDeviceSignature, so tests prove the client signs the bytes it sends.
 * Job state is a counter: a job reports `processing` for `pollsUntilReady` reads.
 */
export async function startDeviceTestServer(opts: { pollsUntilReady: number }) {
  const devices = new Map<string, Device>();
  const claimed = new Set<string>();
  const nonces: NonceStore = {
    claim: (deviceId, nonce) =>
      Promise.resolve(!claimed.has(`${deviceId}:${nonce}`) && !!claimed.add(`${deviceId}:${nonce}`)),
  };
  const seen: Seen[] = [];
  const polls = new Map<string, number>();
  let settings: Record<string, unknown> = { ocr: 'auto', images: false };

  async function handle(req: IncomingMessage, res: ServerResponse, body: Uint8Array) {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url === '/register') return register(res, body);
    if (req.method === 'GET' && url === '/config') {
      return json(res, 200, {
        job_ttl_seconds: 3600,
        max_file_size: 10485760,
        max_slots: 3,
        support_url: 'https://p2m.example/help',
        announcement: null,
      });
    }
    const token = /^Device (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const device = [...devices.values()].find((d) => d.token === token);
    if (!device) return json(res, 401, { error: { code: 'unauthenticated', message: 'unknown token' } });
    const h = (name: string) => req.headers[name.toLowerCase()] as string | undefined;
    const verdict = await verifyDeviceSignature({
      jwk: device.jwk,
      deviceId: device.id,
      method: req.method ?? '',
      pathWithQuery: url,
      timestamp: h(HEADERS.timestamp),
      nonce: h(HEADERS.nonce),
      bodySha256: h(HEADERS.contentSha256),
      signature: h(HEADERS.signature),
      body: { bytes: body },
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (!verdict.ok) return json(res, 401, { error: { code: verdict.code, message: verdict.detail } });
    if (!(await nonces.claim(device.id, h(HEADERS.nonce)!, NONCE_TTL_SECONDS))) {
      return json(res, 409, { error: { code: 'replay', message: 'nonce already used' } });
    }
    const entry: Seen = { method: req.method!, url, body };
    seen.push(entry);
    return route(req, res, body, entry);
  }

  async function register(res: ServerResponse, body: Uint8Array) {
    const parsed = parsePublicJwk(
      (JSON.parse(new TextDecoder().decode(body)) as { public_key?: unknown }).public_key,
    );
    if (!parsed.ok) return json(res, 400, { error: { code: 'bad_input', message: parsed.message } });
    const id = `dev_${(await jwkThumbprint(parsed.jwk)).slice(0, 16)}`;
    const device = devices.get(id) ?? { id, token: `tok_${devices.size + 1}`, jwk: parsed.jwk };
    devices.set(id, device);
    return json(res, 200, { device_id: device.id, device_token: device.token });
  }

  async function route(req: IncomingMessage, res: ServerResponse, body: Uint8Array, entry: Seen) {
    const [path] = (req.url ?? '').split('?');
    const job = (id: string, status: string) => ({
      job_id: id,
      status,
      status_since: '2026-01-01T00:00:00Z',
    });
    const jobId = /^\/jobs\/([^/]+)/.exec(path!)?.[1];
    if (req.method === 'POST' && path === '/jobs') {
      if ((req.headers['content-type'] ?? '').startsWith('multipart/'))
        entry.file = await readFile(req, body);
      return json(res, 201, job('job-1', 'queued'));
    }
    if (req.method === 'GET' && path === '/jobs') return json(res, 200, { items: [job('job-1', 'queued')] });
    if (req.method === 'GET' && jobId && path!.endsWith('/download')) {
      res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Title\n\nBody ✓\n');
      return;
    }
    if (req.method === 'GET' && jobId) {
      if (jobId === 'missing')
        return json(res, 404, { error: { code: 'not_found', message: 'no such job' } });
      const n = (polls.get(jobId) ?? 0) + 1;
      polls.set(jobId, n);
      return json(res, 200, job(jobId, n > opts.pollsUntilReady ? 'ready' : 'processing'));
    }
    if (req.method === 'DELETE' && jobId) return json(res, 200, { job_id: jobId, status: 'deleted' });
    if (path === '/settings' && req.method === 'GET') return json(res, 200, settings);
    if (path === '/settings' && req.method === 'PUT') {
      settings = { ...settings, ...(JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>) };
      return json(res, 200, settings);
    }
    return json(res, 404, { error: { code: 'not_found', message: 'no route' } });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, new Uint8Array(Buffer.concat(chunks))).catch((e: unknown) => {
        res.writeHead(500).end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    devices,
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

// Parses the multipart body the way the REST lane will (busboy, UTF-8 parameters).
function readFile(req: IncomingMessage, body: Uint8Array): Promise<{ name: string; bytes: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const bb = busboy({ headers: req.headers, defParamCharset: 'utf8' });
    bb.on('file', (field, stream, info) => {
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on(
        'end',
        () =>
          field === 'file' &&
          resolve({ name: info.filename ?? '', bytes: new Uint8Array(Buffer.concat(parts)) }),
      );
    });
    bb.on('error', reject);
    bb.on('close', () => reject(new Error('no file part')));
    bb.end(body);
  });
}
