/**
 * Child processes kept warm between requests (isolate/run-child.ts), for a
 * process that runs one request after another, such as a worker converting
 * jobs. Starting a child, loading its modules and warming V8 up costs more
 * CPU than converting a short document, so a child that answered serves the
 * next request, within limits:
 * - reuse `tenant`: only for a request of the same tenant (no request runs
 *   in a process that held another tenant's input); `any`: for any request;
 *   `never`: a fresh child per request;
 * - a child is retired after `maxJobs` requests, when its resident memory
 *   after a request is above `retireAboveMb`, when the caller says it may
 *   not be reused (it failed), and after `idleMs` without work;
 * - at most `capacity` children live at once, busy or idle: a request that
 *   finds no child of its own tenant ends the oldest idle one first.
 */
import { startChild, type ChildLimits, type ChildSession } from './run-child.ts';

export type ChildReuse = 'tenant' | 'any' | 'never';

export type WarmChildrenOptions = {
  module: string | URL;
  limits: ChildLimits;
  /** Children alive at once, busy and idle together (the caller's concurrency). */
  capacity: number;
  reuse: ChildReuse;
  maxJobs: number;
  retireAboveMb: number;
  idleMs: number;
  /** Told of each request: whether a warm child took it (metrics). */
  onAcquire?(reused: boolean): void;
};

/** How a borrowed child ended its request: whether it may serve another, and its resident memory then. */
export type AfterRequest = { reusable: boolean; rssMb?: number };

export type BorrowedChild = {
  session: ChildSession;
  /** True when the child had served an earlier request. */
  reused: boolean;
  /** Gives the child back: kept warm for its tenant, or retired. Call it once. */
  release(after: AfterRequest): void;
};

export type WarmChildren = {
  /** A child for one request of `tenant`: a warm one of that tenant when there is one, else a fresh one. */
  acquire(tenant: string): BorrowedChild;
  /** Children started and requests served by a warm child, so far. */
  stats(): { started: number; reused: number; idle: number };
  /** Ends the idle children, resolving once they are reaped; busy ones end when released. */
  close(): Promise<void>;
};

type Warm = { session: ChildSession; key: string; requests: number; idleTimer: NodeJS.Timeout | null };

const retire = (w: Warm): void => {
  if (w.idleTimer) clearTimeout(w.idleTimer);
  w.idleTimer = null;
  w.session.close();
};

/** The idle children, oldest first; each ends on its own after idleMs. */
function idleList(idleMs: number) {
  const idle: Warm[] = [];
  const remove = (w: Warm) => {
    const i = idle.indexOf(w);
    if (i >= 0) idle.splice(i, 1);
  };
  return {
    get size() {
      return idle.length;
    },
    /** The newest live child of `key`, taken off the list; dead ones met on the way are dropped. */
    take(key: string): Warm | null {
      for (const w of [...idle].reverse()) {
        if (!w.session.alive()) {
          remove(w);
          retire(w);
        } else if (w.key === key) {
          remove(w);
          if (w.idleTimer) clearTimeout(w.idleTimer);
          w.idleTimer = null;
          return w;
        }
      }
      return null;
    },
    park(w: Warm): void {
      w.idleTimer = setTimeout(() => (remove(w), retire(w)), idleMs);
      w.idleTimer.unref();
      idle.push(w);
    },
    retireOldest(): void {
      const w = idle.shift();
      if (w) retire(w);
    },
    /** Ends every idle child; resolves once all are reaped. */
    async retireAll(): Promise<void> {
      await Promise.all(idle.splice(0).map((w) => {
        if (w.idleTimer) clearTimeout(w.idleTimer);
        return w.session.stop();
      }));
    },
  };
}

export function createWarmChildren(o: WarmChildrenOptions): WarmChildren {
  const idle = idleList(o.idleMs);
  let busy = 0;
  let started = 0;
  let reused = 0;
  let closed = false;
  const keyOf = (tenant: string) => (o.reuse === 'any' ? '*' : tenant);
  const release = (w: Warm, after: AfterRequest) => {
    busy--;
    w.requests++;
    const keep = !closed && o.reuse !== 'never' && after.reusable && w.session.alive()
      && w.requests < o.maxJobs && (after.rssMb ?? 0) <= o.retireAboveMb;
    if (keep) idle.park(w);
    else retire(w);
  };

  return {
    acquire(tenant) {
      const key = keyOf(tenant);
      let w = o.reuse === 'never' ? null : idle.take(key);
      const wasWarm = w !== null;
      if (w) reused++;
      else {
        // Room for a fresh child: the oldest idle children (another tenant's) go first.
        while (idle.size > 0 && busy + idle.size >= o.capacity) idle.retireOldest();
        w = { session: startChild(o.module, o.limits), key, requests: 0, idleTimer: null };
        started++;
      }
      busy++;
      o.onAcquire?.(wasWarm);
      const child = w;
      let released = false;
      return {
        session: child.session,
        reused: wasWarm,
        release(after) {
          if (!released) release(child, after);
          released = true;
        },
      };
    },
    stats: () => ({ started, reused, idle: idle.size }),
    close() {
      closed = true;
      return idle.retireAll();
    },
  };
}
