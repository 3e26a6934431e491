/**
 * The polling load of the throughput benchmark: clients asking for their
 * jobs' status (`GET /api/v2/jobs/{id}`) while the workers convert, in one of
 * three modes.
 *
 * - `interval`: each job's own client polls its job every `intervalMs` until
 *   the job is ready, as a client that submitted one document does.
 * - `long`: each job's client holds a long poll (`?wait=N` with the last
 *   ETag in If-None-Match), which the API answers when the job changes or
 *   after N seconds (README "Polling").
 * - `flood`: `pollers` clients cycle through every job without pause until
 *   stopped: the worst case, which on a small machine takes the CPU the
 *   workers need.
 *
 * The clients share one keep-alive `node:http` agent rather than fetch: they
 * stand for programs on other machines, and on this one undici's fetch took
 * about 0.5 ms of CPU per poll, as much as the API spent answering it.
 */
import { Agent, request } from 'node:http';
export type PollMode =
  | { kind: 'interval'; intervalMs: number }
  | { kind: 'long'; waitSeconds: number }
  | { kind: 'flood'; pollers: number };

export type Polling = {
  /** Answers received so far (200, and 304 to a long poll with nothing new). */
  answers(): number;
  /** Stops every client and waits for them to finish their request in flight. */
  stop(): Promise<void>;
};

type Api = { base: string; auth: Record<string, string> };

/** Starts the clients of `mode` for `ids`; a job's own client (interval, long) ends once its job is ready. */
export function startPolling(api: Api, ids: readonly string[], mode: PollMode): Polling {
  let running = true;
  let answers = 0;
  const stopped = new AbortController();
  const agent = new Agent({ keepAlive: true });
  const get = async (id: string, query = '', headers: Record<string, string> = {}) => {
    const res = await httpGet(`${api.base}/api/v2/jobs/${id}${query}`, { ...api.auth, ...headers }, agent, stopped.signal);
    const body = res.status === 200 ? (JSON.parse(res.body) as { status: string }) : null;
    if (res.status === 200 || res.status === 304) answers++;
    return { status: body?.status, etag: res.etag };
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function ownClient(id: string): Promise<void> {
    let etag: string | null = null;
    while (running) {
      if (mode.kind === 'interval') {
        if ((await get(id)).status === 'ready') return;
        await pause(mode.intervalMs);
      } else if (mode.kind === 'long') {
        const r = await get(id, `?wait=${mode.waitSeconds}`, etag ? { 'if-none-match': etag } : {});
        if (r.status === 'ready') return;
        etag = r.etag ?? etag;
      }
    }
  }
  async function floodClient(first: number): Promise<void> {
    for (let i = first; running; i++) await get(ids[i % ids.length]!);
  }

  const clients = mode.kind === 'flood'
    ? Array.from({ length: mode.pollers }, (_, p) => floodClient(p))
    : ids.map((id) => ownClient(id));
  const done = Promise.all(clients.map((c) => c.catch((err: unknown) => {
    if (running) throw err; // a request cut short by stop() is expected
  })));
  return {
    answers: () => answers,
    async stop() {
      running = false;
      stopped.abort();
      await done;
      agent.destroy();
    },
  };
}

/** One GET on a kept-alive connection: its status, body text and ETag. */
function httpGet(url: string, headers: Record<string, string>, agent: Agent, signal: AbortSignal) {
  return new Promise<{ status: number; body: string; etag: string | null }>((resolve, reject) => {
    const req = request(url, { headers, agent, signal }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), etag: (res.headers.etag as string | undefined) ?? null }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The mode from the command line: --wait-seconds N > 0 is a long poll, else --poll-interval-ms (0: flood). */
export function pollModeOf(o: { pollIntervalMs: number; waitSeconds: number; pollers: number }): PollMode {
  if (o.waitSeconds > 0) return { kind: 'long', waitSeconds: o.waitSeconds };
  if (o.pollIntervalMs > 0) return { kind: 'interval', intervalMs: o.pollIntervalMs };
  return { kind: 'flood', pollers: o.pollers };
}

/** One line saying what the load was, for the report. */
export function describePollMode(mode: PollMode): string {
  switch (mode.kind) {
    case 'interval':
      return `each job's client polls its status every ${mode.intervalMs} ms until ready`;
    case 'long':
      return `each job's client long-polls its status (?wait=${mode.waitSeconds}, If-None-Match) until ready`;
    case 'flood':
      return `${mode.pollers} clients poll every job's status without pause`;
  }
}
