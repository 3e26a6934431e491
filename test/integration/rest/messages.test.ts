/**
 * Error messages say what to do, without internal operation names or a
 * validation library's dump.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

const messageOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('error messages', () => {
  it('an API key managing webhooks is told to use /account or a linked device; bad input names the field plainly', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const user = await env.user({ tier: 'pro' });
    const refused = await messageOf(await api.call('POST', '/api/v2/webhooks', { key: user.key, json: { url: 'https://hooks.example.org/x' } }));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).not.toMatch(/create_webhook|api_key\b/);
    expect(refused.message).toContain('/account');
    const bad = await messageOf(await api.call('POST', '/api/v2/jobs', { key: user.key, json: { url: 'ftp://example.org/a.pdf', tags: 'x' } }));
    expect(bad.code).toBe('bad_input');
    expect(bad.message).toMatch(/url: /);
    expect(bad.message).not.toMatch(/[✖→]/);
  });
});
