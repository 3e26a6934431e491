/**
 * The account pages' scripts: plain browser JavaScript in web/client/, read
 * once on first use (not at import) and inlined under the page's CSP nonce,
 * each after the shared common.js.
 */
import { readFileSync } from 'node:fs';

export type ClientScript = 'jobs' | 'keys' | 'devices' | 'webhooks' | 'plan' | 'overview';

const read = (name: string) => readFileSync(new URL(`./client/${name}.js`, import.meta.url), 'utf8');
const cache = new Map<ClientScript, string>();

/** common.js followed by the page's own script. */
export function clientScript(name: ClientScript): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = `${read('common')}\n${read(name)}`;
    cache.set(name, text);
  }
  return text;
}
