/**
 * Helpers of the account pages' browser tests: sign in through the real
 * development provider, run axe-core inside the page (its source evaluated in
 * the page, nothing fetched), check a page fits a 320 px screen, and save
 * screenshots for the README when P2M_SCREENSHOTS is set (a folder).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from './sign-in-stack.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A/AA and best practices). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not apply to the injection itself.
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails on serious or critical accessibility violations, in light and in dark mode. */
export async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `${page.url()} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The page needs no sideways scrolling at 320 px (tables stack or scroll inside their own box). */
export async function expectFitsNarrowScreen(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !e.closest('.table-wrap, .snippet'))
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className ? '.' + String(e.className) : ''}`);
  });
  expect(wide, `${page.url()} is wider than 320 px`).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** Saves a full-page screenshot as <P2M_SCREENSHOTS>/<name>.png when that variable is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.P2M_SCREENSHOTS;
  if (!dir) return;
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Console errors of our own origin's pages (a CSP violation is reported there). */
export function consoleErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && page.url().startsWith(origin) && !m.text().includes('Failed to load resource')) errors.push(m.text());
  });
  return errors;
}

/** A new browser context signed in as `email` through the provider's login and consent pages, on /account. */
export async function signedIn(stack: Stack, context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.base}/account`);
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  await page.goto(`${stack.base}/account`);
  return page;
}

/** Opens a section through the navigation, as a person would, and waits for its heading. */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name: name === 'Overview' ? 'Your account' : name, level: 1 }).waitFor();
}
