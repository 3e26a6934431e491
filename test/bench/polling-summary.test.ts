import { describe, expect, it } from 'vitest';
import { pollingSummary } from '../../bench/polling-summary.ts';

const section = (key: string, ratio: string) => `<!-- poll:${key} -->
## x

| target | round | req/s |
|---|---:|---:|
| p2m | 1 | 10 |

| | p2m | target | met |
|---|---:|---:|---|
| × bare Express (20 req/s) | ${ratio} | ≥ 0.5 | yes |
<!-- /poll:${key} -->`;

describe('pollingSummary', () => {
  it('keeps the verdict table of each database section', () => {
    const out = pollingSummary(`${section('pglite', '0.53')}\n\n${section('postgres', '0.18')}`);
    expect(out).toContain('**Embedded default (PGlite)**\n\n| | p2m | target | met |');
    expect(out).toContain('| × bare Express (20 req/s) | 0.18 |');
    expect(out).not.toContain('| p2m | 1 | 10 |');
  });
  it('says when a section or the whole run is missing', () => {
    expect(pollingSummary(section('pglite', '0.5'))).toContain('**PostgreSQL + Redis**: not run.');
    expect(pollingSummary(null)).toContain('npm run bench:poll');
  });
});
