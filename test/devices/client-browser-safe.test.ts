import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// client/ ships to browsers and imports the pure parts of core/devices/signing,
// so neither may reach for Node built-ins or Node-only globals.
const dirs = ['../../client/', '../../core/devices/signing/'].map((d) => new URL(d, import.meta.url));
const files = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      name: `${dir.pathname.split('/').slice(-2).join('/')}${f}`,
      text: readFileSync(new URL(f, dir), 'utf8'),
    })),
);

describe('browser safety', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('$name uses no Node built-ins', ({ text }) => {
    expect(text).not.toMatch(/from ['"](node:|fs|path|crypto|buffer|http)['"/]/);
    expect(text).not.toMatch(/\b(Buffer|process|require)\s*[.(]/);
  });

  it.each(files.filter((f) => f.name.startsWith('client/')))(
    '$name imports only relative files or zod',
    ({ text }) => {
      const specifiers = [...text.matchAll(/from ['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const s of specifiers)
        expect(s === 'zod' || s.startsWith('./') || s.startsWith('../core/devices/signing/')).toBe(true);
    },
  );
});
