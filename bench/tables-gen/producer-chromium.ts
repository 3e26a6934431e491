/** The Chromium producer: each page's HTML printed to A4 by headless Chromium (playwright-core, Debian chromium). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { onPath, type Producer } from './producer.ts';

export const CHROMIUM = process.env.P2M_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumProducer: Producer = {
  name: 'chromium',
  install: 'apt-get install -y --no-install-recommends chromium',
  missing: () => (onPath(CHROMIUM) ? null : `${CHROMIUM} not found (set P2M_CHROMIUM)`),
  draws: () => true,
  async render(cases, out) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      for (const c of cases) {
        await page.setContent(c.html, { waitUntil: 'load' });
        await writeFile(join(out, 'pdf', `${c.id}.pdf`), await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }));
      }
    } finally {
      await browser.close();
    }
  },
};
