import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives every setting its default from an empty environment, frozen', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(c.webhooks.retrySeconds).toEqual([30, 120, 600, 1800, 7200, 18000, 57600]);
    expect(c.announcement).toBeNull();
    expect(c.oidc).toBeNull();
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.webhooks)).toBe(true);
  });

  it('parses lists and JSON values in the schema', () => {
    const c = loadConfig({
      P2M_WEBHOOK_RETRY_SECONDS: '5, 10',
      P2M_ANNOUNCEMENT: JSON.stringify({ active: true, id: 'a1', kind: 'info', url: 'https://example.com/n' }),
    });
    expect(c.webhooks.retrySeconds).toEqual([5, 10]);
    expect(c.announcement?.id).toBe('a1');
  });

  it('names every variable at fault in one error', () => {
    const bad = () => loadConfig({ P2M_WORKERS: 'many', P2M_LEASE_SECONDS: '1', P2M_ANNOUNCEMENT: '{', P2M_WEBHOOK_RETRY_SECONDS: '30,0' });
    expect(bad).toThrow(/^invalid P2M_WORKERS: [^\n]+; invalid /);
    for (const name of ['P2M_WORKERS', 'P2M_LEASE_SECONDS', 'P2M_ANNOUNCEMENT', 'P2M_WEBHOOK_RETRY_SECONDS.1']) {
      expect(bad).toThrow(`invalid ${name}: `);
    }
  });

  it('never repeats a refused value, which may be a secret', () => {
    expect(() => loadConfig({ P2M_METRICS_TOKEN: 'hunter2-short' })).toThrow(/P2M_METRICS_TOKEN/);
    expect(() => loadConfig({ P2M_METRICS_TOKEN: 'hunter2-short' })).not.toThrow(/hunter2/);
  });
});
