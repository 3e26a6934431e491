/**
 * Discovery routes, open to everyone: the two OpenAPI documents, /llms.txt
 * and /.well-known/mcp.json. The documents are generated from the route
 * records the app serves (handed in by server/), built on first request and
 * kept; absolute links use the request's origin when it is a public origin,
 * else the first public origin. These routes are not in the documents
 * themselves (doc null).
 */
import { readFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { Config } from '../core/config.ts';
import type { Runtime } from '../core/runtime.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import type { Route } from '../http/route.ts';
import { llmsTxt } from './llms-txt.ts';
import { mcpServerCard } from './mcp-server-card.ts';
import { aiOpenApi, fullOpenApi, type OpenApiDocument } from './openapi-document.ts';

const once = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= make());
};

/** The documented routes of the app, for a configuration. */
export type RouteList = (config: Config) => readonly Route[];

const open = (path: string, handler: (runtime: Runtime) => RequestHandler): Route => ({
  method: 'get', path, auth: 'none', operations: [], doc: null, handlers: (runtime) => [handler(runtime)],
});

/** GET /openapi.json, /openapi-ai.json, /llms.txt and /.well-known/mcp.json over the routes `documented` lists. */
export function discoveryRoutes(documented: RouteList): readonly Route[] {
  // One pair of documents per runtime (the configuration states the limits in them).
  const docs = new WeakMap<Runtime, { full: () => Promise<OpenApiDocument>; ai: () => Promise<OpenApiDocument> }>();
  const docsOf = (rt: Runtime) => {
    let d = docs.get(rt);
    if (!d) {
      const routes = documented(rt.config);
      d = {
        full: once(async () => fullOpenApi(rt.config, routes, await readFile(new URL('./device-signing.md', import.meta.url), 'utf8'))),
        ai: once(async () => aiOpenApi(rt.config, routes)),
      };
      docs.set(rt, d);
    }
    return d;
  };
  return [
    open('/openapi.json', (rt) => async (_req, res) => void res.json(await docsOf(rt).full())),
    open('/openapi-ai.json', (rt) => async (_req, res) => void res.json(await docsOf(rt).ai())),
    open('/llms.txt', (rt) => (req, res) => void res.type('text/plain; charset=utf-8').send(llmsTxt(publicOriginOf(req, rt.config)))),
    open('/.well-known/mcp.json', (rt) => (req, res) => void res.json(mcpServerCard(publicOriginOf(req, rt.config)))),
  ];
}
