/**
 * The frame of every /account page: the section navigation, the page's
 * content, the links for programs and agents (OpenAPI, llms.txt, the MCP
 * endpoint with a client snippet to copy), the confirmation dialog and the
 * live region every action reports in. Page data for the script goes in a
 * JSON block (not executed, so the CSP allows it; `<` is escaped).
 */
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { clientScript, type ClientScript } from '../client-script.ts';
import { DASHBOARD_STYLE } from './dashboard-style.ts';

export type Section = 'overview' | 'jobs' | 'keys' | 'devices' | 'webhooks' | 'plan';

export const SECTIONS: readonly { id: Section; path: string; label: string }[] = [
  { id: 'overview', path: '/account', label: 'Overview' },
  { id: 'jobs', path: '/account/jobs', label: 'Jobs' },
  { id: 'keys', path: '/account/keys', label: 'API keys' },
  { id: 'devices', path: '/account/devices', label: 'Devices' },
  { id: 'webhooks', path: '/account/webhooks', label: 'Webhooks' },
  { id: 'plan', path: '/account/plan', label: 'Plan' },
];

export type Shell = {
  section: Section;
  /** The document title and the page's h1. */
  title: string;
  /** The public origin the page was requested on (for the MCP address). */
  origin: string;
  email: string | null;
  /** The content after the h1, already escaped HTML. */
  body: string;
  script?: ClientScript;
  data?: unknown;
};

/** JSON safe inside a <script type="application/json"> block. */
const jsonBlock = (data: unknown) => JSON.stringify(data ?? {}).replace(/</g, '\\u003c');

/** The MCP client configuration for this service; `key` is a placeholder until a key is created. */
export function mcpSnippet(origin: string, key = 'p2m_YOUR_KEY'): string {
  const config = { mcpServers: { p2m: { type: 'http', url: `${origin}/api/v2/mcp`, headers: { Authorization: `Bearer ${key}` } } } };
  return JSON.stringify(config, null, 2);
}

function nav(current: Section): string {
  const links = SECTIONS.map((s) => {
    const cur = s.id === current ? ' aria-current="page"' : '';
    return `<li><a href="${s.path}"${cur}>${escapeHtml(s.label)}</a></li>`;
  });
  return `<nav aria-label="Account sections"><ul class="tabs">${links.join('')}</ul></nav>`;
}

/** Links for programs and agents, with the MCP snippet to copy. */
export function developerLinks(origin: string): string {
  return `<aside class="dev" aria-labelledby="dev-title">
<h2 id="dev-title">For programs and agents</h2>
<ul class="inline">
<li><a href="/openapi.json">OpenAPI (REST API)</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
<li>MCP endpoint: <code>${escapeHtml(origin)}/api/v2/mcp</code></li>
</ul>
<p>An MCP client reaches p2m with this configuration (put one of your <a href="/account/keys">API keys</a> in place of the placeholder):</p>
<pre class="snippet"><code id="mcp-snippet">${escapeHtml(mcpSnippet(origin))}</code></pre>
<button type="button" data-copy="mcp-snippet" data-what="the MCP configuration">Copy MCP configuration</button>
</aside>`;
}

const CONFIRM_DIALOG = `<dialog id="confirm" aria-labelledby="confirm-title">
<form method="dialog">
<h2 id="confirm-title">Are you sure?</h2>
<p id="confirm-text"></p>
<div class="actions"><button value="cancel" type="submit">Cancel</button> <button value="ok" type="submit" id="confirm-ok" class="danger">Confirm</button></div>
</form>
</dialog>`;

/** A signed-in account page. */
export function dashboardPage(shell: Shell): Page {
  const who = shell.email
    ? `<p class="who">Signed in as <strong>${escapeHtml(shell.email)}</strong> <button type="button" id="sign-out">Sign out</button></p>`
    : '';
  return {
    title: shell.title,
    style: DASHBOARD_STYLE,
    main: `${nav(shell.section)}
${who}
<h1>${escapeHtml(shell.title)}</h1>
${shell.body}
<p id="status" role="status" aria-live="polite"></p>
${developerLinks(shell.origin)}
${CONFIRM_DIALOG}
<script type="application/json" id="page-data">${jsonBlock(shell.data)}</script>`,
    script: clientScript(shell.script ?? 'overview'),
  };
}
