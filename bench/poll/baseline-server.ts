/**
 * The baseline of the polling benchmark: a bare Express app whose job route
 * answers a constant JSON body (the real service's answer, captured once) with
 * no authentication, lookup, logging or rate limit. Run as its own process by
 * baseline.ts; prints its port on stdout when listening.
 *
 *   node bench/poll/baseline-server.ts '<json body>'
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const body: unknown = JSON.parse(process.argv[2] ?? '{}');
const app = express();
app.disable('x-powered-by');
app.get('/api/v2/jobs/:id', (_req, res) => void res.json(body));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
