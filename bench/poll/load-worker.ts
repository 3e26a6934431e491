/**
 * The load generator: one autocannon instance in one thread (autocannon's
 * `workers` option stays off), so it can take at most one core from the
 * server under test. Prints autocannon's result plus its own CPU time as one
 * JSON line. Run by load.ts:
 *
 *   node bench/poll/load-worker.ts '{"url":…,"connections":50,"duration":10,"headers":{…}}'
 */
import autocannon from 'autocannon';

type Spec = { url: string; connections: number; duration: number; headers: Record<string, string> };

const spec = JSON.parse(process.argv[2] ?? '{}') as Spec;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers,
  pipelining: 1,
});
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(`${JSON.stringify({ result, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
