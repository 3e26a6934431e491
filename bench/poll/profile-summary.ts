/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went:
 * self time by package or source folder, then the top functions by self and
 * by total (inclusive) time.
 *
 *   node bench/poll/profile-summary.ts FILE.cpuprofile [--top 30] [--match TEXT] [--requests N]
 *
 * --requests N: the server answered N requests while profiled (warm-up and
 * rounds; the benchmark prints them): times are then printed as µs per
 * request, counting only samples from the first HTTP request on (start-up
 * and module loading left out) and leaving out idle time.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' }, match: { type: 'string' }, requests: { type: 'string' } },
  allowPositionals: true,
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const top = Number(values.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const requests = values.requests ? Number(values.requests) : null;
const servesHttp = (id: number) => {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    if (byId.get(cur)!.callFrame.functionName === 'parserOnIncoming') return true;
  }
  return false;
};
const selfUs = new Map<number, number>();
let counting = requests === null;
profile.samples.forEach((id, i) => {
  counting ||= servesHttp(id);
  if (!counting || (requests !== null && byId.get(id)!.callFrame.functionName === '(idle)')) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (f: Frame) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (m) return m[1]!;
  if (f.url.startsWith('node:')) return f.url;
  const local = /g-polling\/(.+)$/.exec(f.url) ?? /\/work\/[^/]+\/[^/]+\/(.+)$/.exec(f.url);
  return local
    ? local[1]!.split('/').slice(0, -1).join('/') || local[1]!
    : f.url || `(${f.functionName || 'native'})`;
};
const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}`;

function tally(key: (f: Frame) => string, inclusive: boolean): [string, number][] {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = inclusive ? parent.get(cur) : undefined) {
      const k = key(byId.get(cur)!.callFrame);
      if (!seen.has(k)) sums.set(k, (sums.get(k) ?? 0) + us);
      seen.add(k);
    }
  }
  return [...sums]
    .filter(([k]) => !values.match || k.includes(values.match))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
}

const print = (title: string, rows: [string, number][]) => {
  console.log(`\n${title}`);
  for (const [k, us] of rows) {
    const v = requests === null ? `${((100 * us) / totalUs).toFixed(1).padStart(5)}%` : `${(us / requests).toFixed(2).padStart(6)} µs`;
    console.log(`${v}  ${k}`);
  }
};
console.log(
  requests === null
    ? `${(totalUs / 1e6).toFixed(2)} s sampled`
    : `${(totalUs / requests).toFixed(1)} µs busy per request (${requests} requests, from the first on)`,
);
print('self time by package / folder', tally(where, false));
print('self time by function', tally(label, false));
print('total time by function', tally(label, true));
