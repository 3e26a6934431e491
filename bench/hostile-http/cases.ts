/**
 * The hostile requests, by category. Each answers with an HTTP status (0: the
 * server closed the connection, -1: no answer before the deadline). A case
 * passes when the service answered below 500 in time — a clean refusal.
 */
import type { Origins } from './origins.ts';
import { rawRequest, repeated } from './raw-request.ts';
import type { Service } from './service.ts';

export type Case = { category: string; name: string; send(s: Service, o: Origins): Promise<number> };

const MB = 1024 * 1024;
const portOf = (s: Service) => Number(new URL(s.base).port);
const auth = (s: Service) => `Authorization: Bearer ${s.key}\r\n`;

async function post(s: Service, path: string, body: BodyInit, type: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const res = await fetch(s.base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.key}`, 'content-type': type, accept: 'application/json, text/event-stream', ...headers },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return (err as Error).name === 'TimeoutError' ? -1 : 0;
  }
}

const json = (s: Service, path: string, text: string) => post(s, path, text, 'application/json');

/** A chunked body of `mb` megabytes to `method path`, over a raw socket. */
const oversized = (method: string, path: string, type: string, mb: number): Case['send'] => (s) =>
  rawRequest(
    portOf(s),
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${portOf(s)}\r\n${auth(s)}Content-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    (function* () {
      for (const c of repeated(mb * 16, 64 * 1024)) yield Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]);
    })(),
  ).then((r) => r.status);

const ROUTES: [string, string, string][] = [
  ['POST', '/api/v2/jobs', 'application/json'],
  ['POST', '/api/v2/jobs', 'multipart/form-data; boundary=x'],
  ['POST', '/api/v2/mcp', 'application/json'],
  ['POST', '/api/internal/trpc/jobs.createFromUpload', 'application/json'],
  ['POST', '/register', 'application/json'],
  ['POST', '/jobs', 'application/json'],
  ['PUT', '/settings', 'application/json'],
  ['GET', '/api/v2/jobs', 'application/json'],
  ['POST', '/openapi.json', 'application/json'],
];

function multipart(parts: string[], boundary = 'b'): string {
  return parts.map((p) => `--${boundary}\r\n${p}`).join('\r\n') + `\r\n--${boundary}--\r\n`;
}

export function cases(): Case[] {
  const mp = (body: string, boundary = 'b') => (s: Service) => post(s, '/api/v2/jobs', body, `multipart/form-data; boundary=${boundary}`);
  return [
    ...ROUTES.map(([m, p, t]): Case => ({ category: 'oversized bodies', name: `${m} ${p} (${t.split(';')[0]}, 200 MB)`, send: oversized(m, p, t, 200) })),
    { category: 'malformed JSON', name: 'truncated', send: (s) => json(s, '/api/v2/jobs', '{"url":') },
    { category: 'malformed JSON', name: '100k nested arrays', send: (s) => json(s, '/api/v2/jobs', '['.repeat(100_000)) },
    { category: 'malformed JSON', name: '100k nested arrays to MCP', send: (s) => json(s, '/api/v2/mcp', '['.repeat(100_000)) },
    { category: 'malformed JSON', name: 'top-level null', send: (s) => json(s, '/api/v2/jobs', 'null') },
    { category: 'malformed JSON', name: '15 MB string url', send: (s) => json(s, '/api/v2/jobs', JSON.stringify({ url: 'x'.repeat(15 * MB) })) },
    { category: 'malformed JSON', name: '100 MCP calls in one batch', send: (s) => json(s, '/api/v2/mcp', JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'pdf_to_markdown_list_jobs', arguments: {} } })))) },
    { category: 'malformed JSON', name: 'register with garbage key', send: (s) => json(s, '/register', '{"public_key":{"kty":"EC","crv":"P-256","x":"\\u0000","y":[]}}') },
    { category: 'malformed multipart', name: 'no boundary', send: (s) => post(s, '/api/v2/jobs', 'x', 'multipart/form-data') },
    { category: 'malformed multipart', name: 'unterminated part', send: mp('--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7') },
    { category: 'malformed multipart', name: 'part without a name', send: mp(multipart(['Content-Disposition: form-data\r\n\r\nvalue'])) },
    { category: 'malformed multipart', name: '100 KB part header', send: mp(multipart([`Content-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv`])) },
    { category: 'malformed multipart', name: '10,000 fields', send: mp(multipart(Array.from({ length: 10_000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv`))) },
    { category: 'malformed multipart', name: 'two file parts', send: mp(multipart(['Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7', 'Content-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n%PDF-1.7'])) },
    { category: 'malformed multipart', name: 'boundary mismatch', send: mp(multipart(['Content-Disposition: form-data; name="file"\r\n\r\nx'], 'other'), 'b') },
    { category: 'NUL bytes', name: 'JSON file_name', send: (s) => json(s, '/api/v2/jobs', JSON.stringify({ content_base64: 'JVBERi0=', file_name: 'a\u0000b' })) },
    { category: 'NUL bytes', name: 'multipart field', send: mp(multipart(['Content-Disposition: form-data; name="external_id"\r\n\r\na\u0000b', 'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7'])) },
    { category: 'NUL bytes', name: 'header value', send: (s) => rawRequest(portOf(s), `GET /api/v2/jobs HTTP/1.1\r\nHost: x\r\n${auth(s)}Idempotency-Key: a\u0000b\r\n\r\n`).then((r) => r.status) },
    { category: 'NUL bytes', name: 'path', send: (s) => rawRequest(portOf(s), `GET /api/v2/jobs/%00 HTTP/1.1\r\nHost: x\r\n${auth(s)}\r\n`).then((r) => r.status) },
    { category: 'NUL bytes', name: 'MCP tool argument', send: (s) => json(s, '/api/v2/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pdf_to_markdown_get_job', arguments: { job_id: '\u0000' } } })) },
    ...(['closed', 'silent', 'drip', 'loop', 'huge'] as const).map((k): Case => ({
      category: 'bad links',
      name: `${k} link`,
      send: (s, o) => json(s, '/api/v2/jobs', JSON.stringify({ url: o[k] })),
    })),
  ];
}
