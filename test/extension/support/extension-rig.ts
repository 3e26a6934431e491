/**
 * The extension under test: the service and a real OpenID provider on
 * loopback (sign-in stack with the v1 lane and a running worker), the
 * extension built for that service into a temporary folder, and Debian's
 * Chromium (new headless) with the extension loaded unpacked in a persistent
 * profile. The extension's id comes from its service worker.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker as ServiceWorker } from 'playwright-core';
import { buildExtension } from '../../../extension/build/build-extension.ts';
import { v1Routes } from '../../../rest/routes.ts';
import { createWorker, type Worker } from '../../../worker/worker.ts';
import { CHROMIUM_PATH } from '../../support/chromium.ts';
import { startSignInStack, type Stack } from '../../support/sign-in-stack.ts';

/** The anonymous lane's upload cap in these tests: small, so a 413 needs no big file. */
export const TEST_MAX_FILE_BYTES = 200 * 1024;

export type Rig = AsyncDisposable & {
  stack: Stack;
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker (found again if Chromium restarted it). */
  sw(): Promise<ServiceWorker>;
  /** An extension page (popup.html, options.html) in a new tab. */
  open(path: string): Promise<Page>;
  /** Script errors and console errors of extension pages (a CSP violation shows there). */
  errors: string[];
  /** The conversion worker; stop it to keep jobs queued. */
  jobs: { worker: Worker; pause(): Promise<void>; resume(): void };
};

export async function startRig(env: Record<string, string> = {}): Promise<Rig> {
  const stack = await startSignInStack({
    mounts: { v1: v1Routes },
    env: { P2M_ALLOW_PRIVATE_URLS: 'true', P2M_TIERS: JSON.stringify({ anonymous: { maxFileBytes: TEST_MAX_FILE_BYTES } }), ...env },
  });
  let worker = createWorker(stack.env.runtime, { concurrency: 1, pools: ['free', 'paid'] });
  worker.start();
  const dir = await mkdtemp(join(tmpdir(), 'p2m-ext-'));
  const { outDir } = await buildExtension({ serviceUrl: stack.base, outDir: join(dir, 'extension'), zipPath: join(dir, 'p2m-extension.zip') });
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: false,
    // As root (CI containers) Chromium refuses to start without --no-sandbox.
    args: ['--headless=new', '--no-sandbox', `--disable-extensions-except=${outDir}`, `--load-extension=${outDir}`],
  });
  const errors: string[] = [];
  const sw = async () => context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await sw()).url()).host;
  context.on('page', (page) =>
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`)).on('console', (m) => {
      // A refused request (400, 409, 413) is logged as a failed resource; those answers are expected.
      if (m.type() === 'error' && page.url().startsWith('chrome-extension://') && !m.text().startsWith('Failed to load resource')) errors.push(`${page.url()}: ${m.text()}`);
    }),
  );
  return {
    stack,
    context,
    extensionId,
    sw,
    errors,
    async open(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    jobs: {
      get worker() {
        return worker;
      },
      pause: () => worker.stop(),
      resume() {
        worker = createWorker(stack.env.runtime, { concurrency: 1, pools: ['free', 'paid'] });
        worker.start();
      },
    },
    async [Symbol.asyncDispose]() {
      await context.close();
      await worker.stop();
      await stack[Symbol.asyncDispose]();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
