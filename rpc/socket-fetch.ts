/**
 * A fetch over a Unix domain socket (node:http with socketPath), enough for
 * the tRPC httpLink: method, headers, a string body, and the whole reply.
 */
import { request } from 'node:http';

type Init = { method?: string; headers?: [string, string][] | Record<string, string> | Headers; body?: unknown; signal?: AbortSignal | null };

export function socketFetch(socketPath: string) {
  return (input: string | URL | Request, init: Init = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init.headers as HeadersInit | undefined).entries());
    return new Promise((resolve, reject) => {
      const req = request(
        { socketPath, path: url.pathname + url.search, method: init.method ?? 'GET', headers, signal: init.signal ?? undefined },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const replyHeaders = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') replyHeaders.set(k, v);
            const status = res.statusCode ?? 500;
            resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers: replyHeaders }));
          });
        },
      );
      req.on('error', reject);
      if (typeof init.body === 'string') req.end(init.body);
      else req.end();
    });
  };
}
