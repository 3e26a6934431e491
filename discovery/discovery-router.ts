/**
 * Discovery routes, open to everyone: the two OpenAPI documents, /llms.txt
 * and /.well-known/mcp.json. Documents are built on first request and kept;
 * absolute links use the request's origin when it is a public origin, else
 * the first public origin.
 */
import { readFile } from 'node:fs/promises';
import { Router } from 'express';
import type { Services } from '../core/context.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import { llmsTxt } from './llms-txt.ts';
import { mcpServerCard } from './mcp-server-card.ts';
import { aiOpenApi, fullOpenApi, type OpenApiDocument } from './openapi-document.ts';

const once = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= make());
};

/** GET /openapi.json, /openapi-ai.json, /llms.txt and /.well-known/mcp.json; open to everyone. */
export function createDiscoveryRouter(services: Pick<Services, 'config'>): Router {
  const full = once<OpenApiDocument>(async () =>
    fullOpenApi(services.config, await readFile(new URL('./device-signing.md', import.meta.url), 'utf8')),
  );
  const ai = once<OpenApiDocument>(async () => aiOpenApi(services.config));
  const r = Router();
  r.get('/openapi.json', async (_req, res) => void res.json(await full()));
  r.get('/openapi-ai.json', async (_req, res) => void res.json(await ai()));
  r.get('/llms.txt', (req, res) => void res.type('text/plain; charset=utf-8').send(llmsTxt(publicOriginOf(req, services.config))));
  r.get('/.well-known/mcp.json', (req, res) => void res.json(mcpServerCard(publicOriginOf(req, services.config))));
  return r;
}
