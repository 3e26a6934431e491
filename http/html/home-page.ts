/**
 * GET /: what a person who opens the service's address in a browser sees —
 * what this is and where to go next (the account page, the MCP endpoint, the
 * API description, llms.txt). Static: it names no account.
 */
import { escapeHtml } from './escape-html.ts';
import type { Page } from './html-page.ts';

/** The home page; `origin` is the public origin the request came in on, for the absolute MCP address. */
export function homePage(origin: string): Page {
  const mcp = escapeHtml(`${origin}/api/v2/mcp`);
  return {
    title: 'PDF to Markdown',
    main: `<h1>p2m — PDF to Markdown</h1>
<p>This service turns PDFs into clean Markdown: headings with their levels, paragraphs, lists, tables and links, in
reading order, without running headers and page numbers.</p>
<h2>Start here</h2>
<ul>
<li><a href="/account">Your account</a>: sign in, see your plan and usage, and manage your <a href="/account/jobs">jobs</a>, <a href="/account/keys">API keys</a>, <a href="/account/devices">devices</a>, <a href="/account/webhooks">webhooks</a> and <a href="/account/plan">plan</a>.</li>
<li>REST API: <code>POST /api/v2/jobs</code> with <code>Authorization: Bearer p2m_…</code> and a multipart
<code>file</code>, then poll <code>GET /api/v2/jobs/{id}</code> and fetch <code>/download</code>.</li>
<li>MCP (for AI agents, Streamable HTTP, the same API key): <code>${mcp}</code></li>
<li>The API description: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1), and a summary for language models:
<a href="/llms.txt">/llms.txt</a>.</li>
</ul>
<p>Running it yourself? <code>npx p2m keys create</code> prints an API key for the local account.</p>`,
  };
}
