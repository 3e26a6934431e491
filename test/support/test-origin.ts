import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A real HTTP server on 127.0.0.1 with the misbehaviours the egress tests need. */
export type TestOrigin = {
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** TCP connections accepted so far: proves a refusal happened before connecting. */
  connections(): number;
  /** Request headers seen, by path. */
  seenHeaders: Map<string, IncomingMessage['headers']>;
  close(): Promise<void>;
};

/** The fixture PDF body served at /doc.pdf. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const CHUNK = Buffer.alloc(64 * 1024, 0x41);

// Writes until the client goes away, honouring backpressure, so the only
// thing that stops it is the client's byte cap.
const writeForever = (res: ServerResponse): void => {
  const pump = (): void => {
    while (!res.destroyed && res.write(CHUNK));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
};

const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => void> = {
  '/doc.pdf': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF_BYTES.length });
    res.end(PDF_BYTES);
  },
  '/to': (_req, res, url) => {
    res.writeHead(Number(url.searchParams.get('status') ?? 302), {
      location: url.searchParams.get('location') ?? '/',
    });
    res.end();
  },
  '/loop': (_req, res) => {
    res.writeHead(302, { location: '/loop' });
    res.end();
  },
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    writeForever(res);
  },
  '/declared-huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 50 * 1024 * 1024 });
    res.write(CHUNK);
  },
  // Never answers: the response stays open until the server is closed.
  '/hang': () => {},
  '/stall-mid-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 1000 });
    res.write(PDF_BYTES);
  },
  '/cut-mid-body': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 1000 });
    res.write(PDF_BYTES, () => req.socket.destroy());
  },
  '/echo': (req, res) => {
    const body = JSON.stringify(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  },
};

const handle = (origin: Pick<TestOrigin, 'seenHeaders'>) => (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://origin.invalid');
  // /redirect/N is a chain of N relative redirects ending at /doc.pdf.
  const chain = /^\/redirect\/(\d+)$/.exec(url.pathname);
  origin.seenHeaders.set(url.pathname, req.headers);
  if (chain) {
    const n = Number(chain[1]);
    res.writeHead(302, { location: n <= 1 ? '/doc.pdf' : `/redirect/${n - 1}` });
    res.end();
    return;
  }
  const route = routes[url.pathname];
  if (route) route(req, res, url);
  else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
};

/** Starts the origin on an ephemeral port of 127.0.0.1. */
export async function startTestOrigin(): Promise<TestOrigin> {
  const seenHeaders = new Map<string, IncomingMessage['headers']>();
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer(handle({ seenHeaders }));
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    connections: () => connections,
    seenHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
