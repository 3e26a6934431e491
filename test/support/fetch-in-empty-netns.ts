/**
 * Run by egress-unreachable.test.ts inside `unshare --net`: a network
 * namespace with no interface up, so every connect fails at once (the
 * ENETUNREACH / EADDRNOTAVAIL of an IPv6-only name on a host without IPv6)
 * and no packet can leave. Prints what the fetch failed with, then stays alive
 * for a few turns of the event loop so an unhandled 'error' would kill it
 * first and show up as a non-zero exit.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { createEgressClient } from '../../core/egress/egress-client.ts';

const [url = '', address = '', family = '6'] = process.argv.slice(2);
const client = createEgressClient({
  maxBytes: 1024,
  timeoutMs: 5_000,
  maxRedirects: 0,
  lookup: async () => [{ address, family: Number(family) }],
});
const outcome = await client.fetchToStream(url).then(
  () => ({ code: 'fetched', message: '' }),
  (e: unknown) => ({ code: (e as { code?: string }).code, message: (e as Error).message }),
);
for (let i = 0; i < 20; i++) await turn();
console.log(JSON.stringify(outcome));
