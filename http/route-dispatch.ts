/**
 * Serves a list of route records as one Express layer. Each record's path is
 * split into literal and `{param}` segments once; a request is matched by
 * method and segment count, literal routes before parameter routes, and runs
 * the record's handlers in order. No Express router is involved, so a status
 * poll passes one layer (bench/POLLING.md), and nothing needs Express's
 * internals to list what is served: the records are the list. Matching is
 * case-insensitive and ignores one trailing slash, as Express's router does.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { DomainError } from '../core/errors.ts';
import { inOneLayer } from './in-one-layer.ts';
import { routeKey, type Route } from './route.ts';

type Segment = { literal: string } | { param: string };
type Compiled = { segments: readonly Segment[]; literals: number; run: RequestHandler };

function segmentsOf(path: string): Segment[] {
  return path.split('/').map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s.toLowerCase() }));
}

function runner(runtime: Runtime, route: Route): RequestHandler {
  const chain = inOneLayer(...route.handlers(runtime));
  const failures: ErrorRequestHandler | undefined = route.failures?.(runtime);
  if (!failures) return chain;
  return (req, res, next) => chain(req, res, (err?: unknown) => (err ? failures(err, req, res, next) : next()));
}

function match(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  let params: Record<string, string> | null = null;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const part = parts[i]!;
    if ('literal' in seg) {
      if (part !== seg.literal && part.toLowerCase() !== seg.literal) return null;
    } else {
      if (part === '') return null;
      (params ??= {})[seg.param] = decodeParam(part);
    }
  }
  return params ?? {};
}

function decodeParam(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new DomainError('bad_input', `The path segment ${JSON.stringify(part)} is not valid percent-encoding.`);
  }
}

/**
 * The methods served on a path, for a request whose method none serves
 * (TRACE, or PUT on a GET route): 405 with Allow, rather than a 404 that
 * would say the path does not exist. Only runs on a miss.
 */
function methodsOn(all: readonly { method: string; segments: readonly Segment[] }[], parts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const r of all) {
    if (r.segments.length !== parts.length) continue;
    try {
      if (match(r.segments, parts)) found.add(r.method);
    } catch {
      // A malformed parameter matches nothing here; the 404 path reports nothing better.
    }
  }
  if (found.has('GET')) found.add('HEAD');
  return [...found].sort();
}

/**
 * One Express handler serving `routes`; a request no record matches goes on
 * to `next` (the 404), or answers 405 method_not_allowed with Allow when the
 * path is served for other methods.
 */
export function dispatchRoutes(runtime: Runtime, routes: readonly Route[]): RequestHandler {
  const table = new Map<string, Map<number, Compiled[]>>();
  const all: { method: string; segments: readonly Segment[] }[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = routeKey(route);
    if (seen.has(key)) throw new Error(`${key} is declared twice`);
    seen.add(key);
    const segments = segmentsOf(route.path);
    all.push({ method: route.method.toUpperCase(), segments });
    const byLength = table.get(route.method.toUpperCase()) ?? new Map<number, Compiled[]>();
    table.set(route.method.toUpperCase(), byLength);
    const list = byLength.get(segments.length) ?? [];
    list.push({ segments, literals: segments.filter((s) => 'literal' in s).length, run: runner(runtime, route) });
    list.sort((a, b) => b.literals - a.literals);
    byLength.set(segments.length, list);
  }
  return (req: Request, res: Response, next: NextFunction) => {
    let path = req.path;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/');
    const byLength = table.get(req.method === 'HEAD' ? 'GET' : req.method);
    for (const candidate of byLength?.get(parts.length) ?? []) {
      const params = match(candidate.segments, parts);
      if (params) {
        req.params = params;
        return candidate.run(req, res, next);
      }
    }
    const allowed = methodsOn(all, parts);
    if (allowed.length === 0) return next();
    res.setHeader('Allow', allowed.join(', '));
    next(new DomainError('method_not_allowed', `${req.method} is not served on ${path}; it answers ${allowed.join(', ')}.`));
  };
}
