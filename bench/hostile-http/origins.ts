/**
 * Link targets on loopback that misbehave: a port nobody listens on, a server
 * that never answers, one that drips bytes, one that redirects forever and
 * one that sends far more than any cap. Nothing here leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';

export type Origins = { closed: string; silent: string; drip: string; loop: string; huge: string; close(): Promise<void> };

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

export async function startOrigins(): Promise<Origins> {
  const closedServer = createNetServer();
  const closedPort = await listen(closedServer);
  await new Promise<void>((r) => closedServer.close(() => r()));
  const held = new Set<import('node:net').Socket>();
  const silent = createNetServer((s) => void held.add(s)); // accepts, never answers
  const http = createServer((req, res) => {
    if (req.url === '/drip.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(50 * 1024 * 1024) });
      res.write('%PDF-1.7\n');
      const t = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(t));
    } else if (req.url?.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Math.random()}` }).end();
    } else if (req.url === '/huge.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 1024 && res.write(chunk)) sent++;
        if (sent >= 1024) res.end();
      };
      res.on('drain', pump);
      res.write('%PDF-1.7\n');
      pump();
    } else res.writeHead(404).end();
  });
  const silentPort = await listen(silent);
  const httpPort = await listen(http);
  const at = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  return {
    closed: at(closedPort, '/x.pdf'),
    silent: at(silentPort, '/x.pdf'),
    drip: at(httpPort, '/drip.pdf'),
    loop: at(httpPort, '/loop'),
    huge: at(httpPort, '/huge.pdf'),
    async close() {
      http.closeAllConnections();
      for (const s of held) s.destroy();
      await Promise.all([new Promise((r) => http.close(r)), new Promise((r) => silent.close(r))]);
    },
  };
}
