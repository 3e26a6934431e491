/**
 * The README's webhook verification snippets, extracted from README.md at
 * test time (so the published code and the tested code cannot drift) and
 * made callable: the Node one imported, the Python one run by python3.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const README = join(import.meta.dirname, '../../README.md');

/** The fenced code block right after `<!-- webhook-verify:<name> -->` in README.md. */
export function readmeSnippet(name: 'node' | 'python'): string {
  const text = readFileSync(README, 'utf8');
  const m = new RegExp(`<!-- webhook-verify:${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(text);
  if (!m?.[1]) throw new Error(`README.md has no webhook-verify:${name} snippet`);
  return m[1];
}

export type Delivery = { headers: IncomingHttpHeaders; body: Buffer };
type Verify = (secret: string, headers: Record<string, string>, rawBody: Buffer) => boolean;

const plainHeaders = (h: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));

/** Loads both snippets; each verifier answers for many deliveries at once. */
export async function readmeVerifiers(): Promise<{
  node(secret: string, deliveries: readonly Delivery[]): boolean[];
  python(secret: string, deliveries: readonly Delivery[]): boolean[];
}> {
  const dir = mkdtempSync(join(tmpdir(), 'p2m-readme-'));
  writeFileSync(join(dir, 'verify.mjs'), readmeSnippet('node'));
  const mod = (await import(pathToFileURL(join(dir, 'verify.mjs')).href)) as { verifyP2mWebhook: Verify };
  writeFileSync(join(dir, 'verify_p2m.py'), readmeSnippet('python'));
  writeFileSync(
    join(dir, 'run.py'),
    [
      'import base64, json, sys',
      'from verify_p2m import verify_p2m_webhook',
      'cases = json.load(sys.stdin)',
      'print(json.dumps([verify_p2m_webhook(c["secret"], c["headers"], base64.b64decode(c["body"])) for c in cases]))',
    ].join('\n'),
  );
  return {
    node: (secret, ds) => ds.map((d) => mod.verifyP2mWebhook(secret, plainHeaders(d.headers), d.body)),
    python(secret, ds) {
      const cases = ds.map((d) => ({ secret, headers: plainHeaders(d.headers), body: d.body.toString('base64') }));
      const out = execFileSync('python3', [join(dir, 'run.py')], { input: JSON.stringify(cases), cwd: dir });
      return JSON.parse(out.toString()) as boolean[];
    },
  };
}
