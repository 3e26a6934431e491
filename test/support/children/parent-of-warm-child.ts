/**
 * Test parent: converts one request in a warm child and then has nothing
 * left to do. It must exit on its own (exit code 0) although its pool keeps
 * the child warm for an hour.
 */
import { createWarmChildren } from '../../../isolate/warm-children.ts';

const children = createWarmChildren({
  module: new URL('./pid-child.ts', import.meta.url),
  limits: { heapMb: 128, limitMs: 30_000 },
  capacity: 1,
  reuse: 'tenant',
  maxJobs: 50,
  retireAboveMb: 400,
  idleMs: 3_600_000,
});
const child = children.acquire('t');
const out = await child.session.run({}, { isAnswer: (m: unknown): m is unknown => (m as { type?: string }).type === 'done' });
child.release({ reusable: true });
if (out.kind !== 'answered' || children.stats().idle !== 1) process.exit(3);
