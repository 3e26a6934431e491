/**
 * Chromium for the browser tests (playwright-core drives Debian's chromium;
 * nothing is downloaded). Without the binary the tests are skipped with a
 * message, except in CI (CI=true), where they fail: .ci/run installs it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, it } from 'vitest';

export const CHROMIUM_PATH = process.env.P2M_CHROMIUM ?? '/usr/bin/chromium';

const missing = () => `Chromium is not at ${CHROMIUM_PATH} (apt-get install chromium, or set P2M_CHROMIUM)`;

/** describe() for tests that need Chromium: skipped with a message locally when it is absent, failing in CI. */
export function describeInBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`${missing()}; CI must run the browser tests.`);
      });
    });
  } else {
    console.warn(`Skipping browser tests "${name}": ${missing()}.`);
    describe.skip(name, body);
  }
}

/** A headless Chromium; close it with `await using`. */
export async function launchChromium(): Promise<Browser & AsyncDisposable> {
  // As root (CI containers) Chromium refuses to start without --no-sandbox.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
  return Object.assign(browser, { [Symbol.asyncDispose]: () => browser.close() });
}
