/**
 * A request with any method, TRACE included (fetch refuses to send it),
 * answering its status, Allow header and body.
 */
import { request } from 'node:http';

export function rawRequest(method: string, url: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
