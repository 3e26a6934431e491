/**
 * Code run inside the extension's service worker through `sw.evaluate`: the
 * worker exposes its own functions as `globalThis.p2m` (background.ts).
 * Only types live here; the functions passed to evaluate must be self-contained.
 */
import type { DeviceClient, DeviceIdentity, KeyStore, RequestToSign } from '../../../client/index.ts';

/** What background.ts puts on globalThis.p2m. */
export type WorkerApi = {
  onMenuClick(info: { menuItemId: string; linkUrl?: string }): Promise<{ ok: boolean; message: string; jobId?: string } | undefined>;
  service(): Promise<{ baseUrl: string; device: DeviceClient; keys: KeyStore }>;
  keyStoreFor(baseUrl: string): KeyStore;
  signRequest(req: RequestToSign): Promise<Record<string, string>>;
  copyText(text: string): Promise<boolean>;
  errorInWords(error: unknown, context?: { maxFileBytes?: number }): string;
};

export type { DeviceIdentity };
