import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { originCheck } from './origin-check.ts';

const check = originCheck({ publicOrigins: ['https://p2m.example', 'http://localhost:8080'] });

function verdict(method: string, hostname: string, origin?: string): string | undefined {
  const req = { method, hostname, get: (h: string) => (h === 'origin' ? origin : undefined) } as unknown as Request;
  let result: unknown = 'not called';
  check(req, {} as never, (err?: unknown) => (result = err));
  return (result as { code?: string } | undefined)?.code;
}

describe('originCheck', () => {
  it('passes reads, own origins, extensions and clients without Origin', () => {
    expect(verdict('GET', 'evil.example', 'https://evil.example')).toBeUndefined();
    expect(verdict('POST', 'p2m.example', 'https://p2m.example')).toBeUndefined();
    expect(verdict('DELETE', 'localhost', 'chrome-extension://abc')).toBeUndefined();
    expect(verdict('PUT', 'p2m.example')).toBeUndefined();
  });

  it('refuses foreign hosts (DNS rebinding) and foreign or opaque web origins', () => {
    expect(verdict('POST', 'rebind.evil.example')).toBe('forbidden');
    expect(verdict('POST', 'p2m.example', 'https://evil.example')).toBe('forbidden');
    expect(verdict('DELETE', 'p2m.example', 'null')).toBe('forbidden');
    expect(verdict('POST', 'p2m.example', 'http://p2m.example')).toBe('forbidden');
  });
});
