/**
 * Setup shared by the egress test files: the fail-closed loopback guard and
 * one local test origin for the whole file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestOrigin, type TestOrigin } from './test-origin.ts';
import { loopbackOnlyInThisFile } from './loopback-only.ts';

/** Returns a getter for the file's origin, valid inside tests. */
export function useEgressTestOrigin(): () => TestOrigin {
  // Fail closed: should the address check ever regress, these tests must not reach real private addresses.
  loopbackOnlyInThisFile();
  let origin: TestOrigin | undefined;
  beforeAll(async () => {
    origin = await startTestOrigin();
  });
  afterAll(async () => {
    await origin?.close();
  });
  return () => origin!;
}
