/**
 * Run by test/integration/core/url-job-unreachable.test.ts inside
 * `unshare --net` (no interface up: every connect fails at once, no packet
 * leaves). Creates a URL job through core, as REST v2, MCP and the v1 lane
 * do, prints the error it was refused with, then keeps the event loop turning
 * so that an unhandled 'error' would end the process first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { ensureAccount } from '../../core/accounts/ensure-account.ts';
import { loadConfig } from '../../core/config.ts';
import { authenticateApiKey } from '../../core/keys/authenticate-api-key.ts';
import { issueApiKey } from '../../core/keys/issue-api-key.ts';
import { invoke } from '../../core/operation.ts';
import { createJobFromUrl } from '../../core/operations.ts';
import { createRuntime } from '../../core/runtime.ts';

const [url = ''] = process.argv.slice(2);
const dataDir = await mkdtemp(join(tmpdir(), 'p2m-netns-'));
const runtime = await createRuntime(loadConfig({ P2M_DATA_DIR: dataDir, P2M_LOG_LEVEL: 'silent' }));
try {
  const account = await ensureAccount(runtime.db, 'netns@example.com');
  const { secret } = await issueApiKey(runtime.db, runtime.config.tiers, { accountId: account.id, name: 't' });
  const ctx = { ...runtime, principal: await authenticateApiKey(runtime.db, secret), requestId: 't' };
  const outcome = await invoke(createJobFromUrl, ctx, { url }).then(
    () => ({ code: 'created', message: '' }),
    (e: unknown) => ({ code: (e as { code?: string }).code, message: (e as Error).message }),
  );
  for (let i = 0; i < 20; i++) await turn();
  console.log(JSON.stringify(outcome));
} finally {
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
}
