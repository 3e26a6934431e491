import type { Runtime } from '../core/runtime.ts';

/**
 * The startup check of the blob store: a missing bucket or refused
 * credentials are said once, clearly, at start (and /readyz keeps saying it);
 * the process keeps running so that it recovers by itself once the store is
 * fixed. Returns the problem, or null.
 */
export async function checkBlobStore(runtime: Pick<Runtime, 'blobs' | 'log' | 'metrics'>): Promise<string | null> {
  const problem = await runtime.blobs.check();
  runtime.metrics.blobStoreUp.set(problem ? 0 : 1);
  if (problem) runtime.log.error({ blobs: runtime.blobs.describe }, `blob store unusable: ${problem}`);
  else runtime.log.info({ blobs: runtime.blobs.describe }, 'blob store ready');
  return problem;
}
