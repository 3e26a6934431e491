/** Shared steps of the billing suites: a request with a chosen Host, and delivering a signed provider event. */
import { request } from 'node:http';
import type { Api } from '../rest/api-client.ts';
import { signed } from '../../support/stripe-mock.ts';

/** A request to the test server that claims to arrive on `host` (fetch cannot set Host). */
export function callAsHost(api: Api, host: string, method: string, path: string, o: { json?: unknown; headers?: Record<string, string> } = {}) {
  const url = new URL(api.base + path);
  const body = o.json === undefined ? undefined : JSON.stringify(o.json);
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method, headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs an event to the webhook endpoint, signed like Stripe signs it. */
export async function deliver(api: Api, event: unknown, o: { secret?: string; timestamp?: number } = {}): Promise<Response> {
  const { body, signature } = signed(event, o);
  return api.call('POST', '/api/v2/billing/webhook', { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}
