/**
 * A website on loopback serving PDFs: /open/<name>.pdf to anyone, and
 * /private/<name>.pdf only with the cookie `session=letmein` (a PDF behind a
 * login, which the service cannot fetch and the browser can). It records
 * who asked, with or without the cookie.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** One request: its path, whether it carried the cookie, and whether a browser sent it (by User-Agent). */
export type Hit = { path: string; cookie: boolean; browser: boolean };

export type PdfOrigin = AsyncDisposable & { base: string; hits: Hit[] };

export async function startPdfOrigin(pdfs: Record<string, Uint8Array>): Promise<PdfOrigin> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const cookie = /(?:^|;\s*)session=letmein(?:;|$)/.test(req.headers.cookie ?? '');
    hits.push({ path: url.pathname, cookie, browser: /Chrome\//.test(req.headers['user-agent'] ?? '') });
    const [, area, name] = /^\/(open|private)\/(.+)$/.exec(url.pathname) ?? [];
    const pdf = name ? pdfs[name] : undefined;
    if (!pdf) return void res.writeHead(404).end('not found');
    if (area === 'private' && !cookie) return void res.writeHead(401, { 'content-type': 'text/html' }).end('<p>Please sign in.</p>');
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length, 'content-disposition': 'inline' }).end(pdf);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
