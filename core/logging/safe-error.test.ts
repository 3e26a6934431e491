import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.ts';
import { safeError } from './safe-error.ts';

const SECRET = 'p2m_secret-value-\u0000';

describe('safeError', () => {
  it("withholds a failed query's parameters and quoted values of its cause", () => {
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), { code: '22P02' });
    const err = new DrizzleQueryError('select * from jobs where id = $1', [SECRET], cause);
    const out = JSON.stringify(safeError(err));
    expect(out).not.toContain('secret-value');
    expect(out).toContain('select * from jobs where id = $1');
    expect(out).toContain('22P02');
  });

  it('is what the logger writes for err', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (c, _e, cb) => void (lines.push(String(c)), cb()) });
    const log = createLogger('info', sink);
    log.error({ err: new DrizzleQueryError('insert into jobs values ($1)', [SECRET], new Error('boom')) }, 'failed');
    expect(lines.join('')).toContain('params: [withheld]');
    expect(lines.join('')).not.toContain('secret-value');
  });
});
