/**
 * Screenshots for the README, taken by the browser tests when
 * P2M_EXTENSION_SCREENSHOTS=1 (into extension/screenshots/); otherwise nothing is written.
 */
import type { Page } from 'playwright-core';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.P2M_EXTENSION_SCREENSHOTS !== '1') return;
  const path = new URL(`../../../extension/screenshots/${name}.png`, import.meta.url).pathname;
  await page.locator('main').screenshot({ path, animations: 'disabled' });
}
