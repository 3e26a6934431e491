/**
 * JSON bodies (REST JSON, MCP, tRPC) are decoded whole in memory, so their
 * default cap is well below the multipart cap on every tier; get_limits
 * states it, and a larger JSON upload is refused with 413 pointing to
 * multipart (which still takes the file).
 */
import { describe, expect, it } from 'vitest';
import { JSON_UPLOAD_FILE_BYTES } from '../../../core/tiers.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from '../rest/api-client.ts';
import { makePdf } from '../../support/pdf.ts';

describe('JSON body cap', () => {
  it('is well below the multipart cap by default; get_limits reports it; a larger JSON upload is 413 naming multipart', async () => {
    await warmUp();
    await using env = await fileEnv();
    await using api = await startApi(env);
    for (const tier of ['free', 'pro'] as const) {
      const t = env.config.tiers[tier];
      expect(t.jsonBodyBytes).toBeLessThan(t.maxFileBytes * 0.6);
      const user = await env.user({ tier });
      const limits = (await (await api.call('GET', '/api/v2/limits', { key: user.key })).json()) as { max_json_body_size: number; max_file_size: number };
      expect(limits.max_json_body_size).toBe(t.jsonBodyBytes);
      expect(limits.max_json_body_size).toBeLessThan(limits.max_file_size);
    }
    const user = await env.user({ tier: 'free' });
    const big = Buffer.alloc(JSON_UPLOAD_FILE_BYTES + 128 * 1024, 0x20);
    const res = await api.call('POST', '/api/v2/jobs', { key: user.key, json: { content_base64: big.toString('base64') } });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('multipart/form-data');
    // The same size goes in as multipart.
    const pdf = Buffer.concat([await makePdf(), Buffer.alloc(JSON_UPLOAD_FILE_BYTES, 0x20)]);
    expect((await api.upload(user.key, pdf)).status).toBe(201);
  });
});
