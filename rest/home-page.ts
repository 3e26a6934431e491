import { z } from 'zod';
import { homePage } from '../http/html/home-page.ts';
import { sendPage } from '../http/html/html-page.ts';
import { htmlRoute } from '../http/html/html-route.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import type { Route } from '../http/route.ts';
import { defineHandlerRoute } from './define-route.ts';

/** GET /: a small page saying what the service is and where to go next (http/html/home-page.ts). */
export const homePageRoute: Route = defineHandlerRoute({
  method: 'get', path: '/', auth: 'none', operations: [], statuses: [],
  handler: (services) =>
    htmlRoute(services.log, (req, res) => {
      sendPage(res, 200, homePage(publicOriginOf(req, services.config)));
      return Promise.resolve();
    }),
  openapi: {
    operationId: 'home_page', tag: 'account',
    summary: 'The home page (HTML)',
    description: 'For people, not programs: what the service is, with links to /account, the MCP endpoint, /openapi.json and /llms.txt.',
    success: 200, ok: { description: 'The page.', content: { 'text/html': { schema: z.string() } } },
  },
});
