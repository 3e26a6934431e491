import { describe, expect, it } from 'vitest';
import { dashboardPage, mcpSnippet } from './dashboard-shell.ts';
import { usageChart } from './usage-chart.ts';

const usage = (days: { jobs: number; pages: number }[]) => ({
  tier: 'free',
  period: { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
  jobs: { used: days.reduce((a, d) => a + d.jobs, 0), allowance: 10 },
  pages: { used: days.reduce((a, d) => a + d.pages, 0), allowance: 100 },
  slot_usage: { used: 0, limit: 3, free: 3 },
  days: days.map((d, i) => ({ date: `2026-02-${String(i + 1).padStart(2, '0')}`, ...d })),
});

describe('usageChart', () => {
  it('draws running totals as shares of the allowance, one point a day so far, with a text alternative', () => {
    const svg = usageChart(usage([{ jobs: 1, pages: 10 }, { jobs: 0, pages: 0 }, { jobs: 4, pages: 40 }]));
    const lines = [...svg.matchAll(/<polyline class="(\w+)" points="([^"]+)"/g)].map((m) => [m[1], m[2]!.split(' ').length]);
    expect(lines).toEqual([['jobs', 3], ['pages', 3]]);
    expect(svg).toContain('February: 5 of 10 jobs (50 %) and 50 of 100 pages (50 %)');
    expect(svg).toContain('role="img"');
  });

  it('grows its scale past the allowance instead of drawing off the chart', () => {
    const svg = usageChart(usage([{ jobs: 30, pages: 0 }]));
    const y = Number(/points="[\d.]+,([\d.]+)"/.exec(svg)![1]);
    expect(y).toBeGreaterThanOrEqual(10);
    expect(svg).toContain('(300 %)');
  });
});

describe('dashboardPage', () => {
  it('escapes what it is given and keeps page data inert', () => {
    const page = dashboardPage({ section: 'jobs', title: 'Jobs', origin: 'http://127.0.0.1:1', email: '<b>x</b>@e.org', body: '', data: { s: '</script><script>alert(1)</script>' } });
    expect(page.main).toContain('&lt;b&gt;x&lt;/b&gt;@e.org');
    expect(page.main).not.toContain('</script><script>');
    expect(page.main).toContain('<a href="/account/jobs" aria-current="page">Jobs</a>');
    expect(JSON.parse(mcpSnippet('https://p2m.example'))).toEqual({
      mcpServers: { p2m: { type: 'http', url: 'https://p2m.example/api/v2/mcp', headers: { Authorization: 'Bearer p2m_YOUR_KEY' } } },
    });
  });
});
