/**
 * Hostile-input run against the real service: oversized bodies on every
 * route, malformed JSON and multipart, NUL bytes, unreachable and slow links,
 * and every PDF of the hostile corpus. It passes when every request got a
 * clean answer (below 500, in time), the process stayed up throughout, and its
 * resident memory grew by less than the bound.
 *
 *   node bench/hostile-http/run.ts [--max-growth-mb 400] [--pdf-deadline-s 600] [--out bench/HOSTILE-HTTP.md]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusRoot } from '../corpus-root.ts';
import { cases } from './cases.ts';
import { runHostilePdfs } from './hostile-pdfs.ts';
import { startOrigins } from './origins.ts';
import { report, type CaseResult } from './report.ts';
import { startService } from './service.ts';

const REPO = join(import.meta.dirname, '../..');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'max-growth-mb': { type: 'string', default: '400' },
      'pdf-deadline-s': { type: 'string', default: '600' },
      out: { type: 'string', default: join(REPO, 'bench/HOSTILE-HTTP.md') },
    },
  });
  const origins = await startOrigins();
  const service = await startService({
    P2M_ALLOW_PRIVATE_URLS: 'true',
    P2M_URL_TIMEOUT_MS: '5000',
    P2M_WORKERS: '1',
    // Slots and rate lifted so that requests reach the deep paths instead of 409/429.
    P2M_TIERS: JSON.stringify({ free: { slots: 1000, ratePerMinute: 1_000_000 } }),
  });
  const baseline = service.rssMb();
  const results: CaseResult[] = [];
  try {
    for (const c of cases()) {
      const status = await c.send(service, origins);
      const up = await service.up();
      results.push({ category: c.category, name: c.name, status, up, rssMb: service.rssMb() });
      console.error(`${c.category} / ${c.name}: ${status}${up ? '' : ' — SERVICE DOWN'}`);
      if (!up) break;
    }
    const pdfs = (await service.up())
      ? await runHostilePdfs(service, join(corpusRoot(), 'hostile'), Number(values['pdf-deadline-s']) * 1000)
      : [];
    const md = report({ results, pdfs, baselineMb: baseline, peakMb: service.peakRssMb(), endMb: service.rssMb(), up: await service.up(), maxGrowthMb: Number(values['max-growth-mb']) });
    writeFileSync(values.out, md.text);
    console.log(md.text);
    return md.passed ? 0 : 1;
  } finally {
    await service.stop();
    await origins.close();
  }
}

process.exitCode = await main();
