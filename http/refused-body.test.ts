/**
 * An early refusal reaches a client that is still sending its body. The
 * server once closed such a connection as soon as it had answered: with the
 * rest of the body unread, Linux reset it, and the client's next write failed
 * (EPIPE) before it had read the 413, so the answer was lost.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from './error-envelope.ts';
import { readRawBody } from './read-raw-body.ts';
import type { RefusedBodyDrain } from './refused-body.ts';

const CAP = 64 * 1024;
const CHUNK = Buffer.alloc(16 * 1024, 0x20);
const FRAME = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);

type Served = { server: Server; port: number; answered: Promise<void>; closed: Promise<void> };

let served: Served | undefined;
afterEach(() => served?.server.close());

/** An app whose POST reads at most CAP bytes; `answered` and `closed` follow the server's side of the first request. */
async function serve(drain: RefusedBodyDrain): Promise<Served> {
  const app = express();
  app.post('/', async (req, res) => {
    await readRawBody(req, CAP);
    res.json({ ok: true });
  });
  app.use(errorHandler(pino({ level: 'silent' }), drain));
  const server = createServer(app);
  let answered!: () => void;
  let closed!: () => void;
  const result = {
    server,
    answered: new Promise<void>((r) => (answered = r)),
    closed: new Promise<void>((r) => (closed = r)),
  };
  server.once('request', (_req, res) => res.once('finish', answered));
  server.once('connection', (socket: Socket) => socket.once('close', closed));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  served = { ...result, port: (server.address() as AddressInfo).port };
  return served;
}

/** A chunked POST's head, on a paused socket: nothing is read until the test resumes it. */
async function openUpload(port: number): Promise<{ socket: Socket; text: () => string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.pause();
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  const ended = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
  return { socket, text: () => text, ended };
}

/** Writes `n` chunk frames, each after the last was handed to the kernel; false once a write failed. */
async function send(socket: Socket, n: number): Promise<boolean> {
  for (let i = 0; i < n; i++) {
    if (socket.destroyed) return false;
    const ok = await new Promise<boolean>((r) => socket.write(FRAME, (err) => r(!err)));
    if (!ok) return false;
  }
  return true;
}

const settle = (p: Promise<void>, ms: number) => Promise.race([p, new Promise<void>((r) => setTimeout(r, ms))]);

describe('a body refused before it was read', () => {
  it('the 413 reaches a client that writes again after the answer', async () => {
    const { port, answered, closed } = await serve({ bytes: 1024 * 1024, ms: 5_000 });
    const upload = await openUpload(port);
    await send(upload.socket, 8); // twice the cap: refused
    await answered;
    await settle(closed, 100); // the old server had closed by now, and reset the connection
    expect(await send(upload.socket, 2)).toBe(true);
    upload.socket.resume();
    upload.socket.end('0\r\n\r\n');
    await upload.ended;
    expect(upload.text()).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.text()).toContain('"code":"too_large"');
  });

  it('a client that ends its body within the bounds keeps its connection', async () => {
    const { port, answered } = await serve({ bytes: 1024 * 1024, ms: 5_000 });
    const upload = await openUpload(port);
    await send(upload.socket, 8);
    await answered;
    upload.socket.resume();
    upload.socket.write('0\r\n\r\n');
    await expect.poll(() => upload.text()).toContain('too_large');
    const before = upload.text().length;
    upload.socket.write('GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await upload.ended;
    expect(upload.text().slice(before)).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('drops a client that goes on sending past the byte bound', async () => {
    const { port, answered, closed } = await serve({ bytes: 256 * 1024, ms: 60_000 });
    const upload = await openUpload(port);
    upload.socket.resume();
    await send(upload.socket, 8);
    await answered;
    await send(upload.socket, 64); // 1 MiB more, four times the bound
    await closed;
    expect(upload.text()).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('drops a client that stops sending, once the time bound is over', async () => {
    const { port, answered, closed } = await serve({ bytes: 1024 * 1024, ms: 200 });
    const upload = await openUpload(port);
    upload.socket.resume();
    await send(upload.socket, 8);
    await answered;
    const start = Date.now();
    await closed;
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(upload.text()).toMatch(/^HTTP\/1\.1 413 /);
  });
});
