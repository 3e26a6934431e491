import { describe, expect, it } from 'vitest';
import { EgressError } from '../../core/egress/egress-error.ts';
import { backoffSeconds, classifyAttempt, retryAfterSeconds } from './classify-attempt.ts';

const schedule = [30, 120, 600];
const answered = (status: number, headers: Record<string, string> = {}) => ({ kind: 'answered' as const, res: { status, headers, body: Buffer.alloc(0) } });
const failed = (code: EgressError['code']) => ({ kind: 'error' as const, error: new EgressError(code, code) });
const at = (attempt: number, result: Parameters<typeof classifyAttempt>[0]['result']) =>
  classifyAttempt({ result, attempt, retrySeconds: schedule, random: () => 0.5, nowMs: Date.parse('2026-01-01T00:00:00Z') });

describe('classifyAttempt', () => {
  it.each([200, 204, 299])('%i is delivered', (s) => expect(at(1, answered(s)).outcome).toBe('delivered'));
  it.each([429, 500, 503])('%i is retried on the schedule', (s) => expect(at(2, answered(s))).toMatchObject({ outcome: 'retry', delaySeconds: 120 }));
  it.each([301, 400, 404, 410, 422])('%i is not retried', (s) => expect(at(1, answered(s)).outcome).toBe('failed'));
  it.each(['timeout', 'connect_failed', 'dns_failure'] as const)('%s is retried', (c) => expect(at(1, failed(c)).outcome).toBe('retry'));
  it.each(['forbidden_address', 'invalid_url'] as const)('%s is not retried', (c) => expect(at(1, failed(c)).outcome).toBe('failed'));
  it('the last attempt gives up', () => expect(at(4, answered(503))).toMatchObject({ outcome: 'failed', error: 'HTTP 503 (gave up after 4 attempts)' }));
  it('Retry-After wins when longer than the schedule', () => {
    expect(at(1, answered(429, { 'retry-after': '900' }))).toMatchObject({ delaySeconds: 900 });
    expect(at(1, answered(429, { 'retry-after': '5' }))).toMatchObject({ delaySeconds: 30 });
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:10:00 GMT', now)).toBe(600);
    expect(retryAfterSeconds('999999999', now)).toBe(86400);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
  it('jitters by ±20 %', () => {
    expect(backoffSeconds(schedule, 1, () => 0)).toBe(24);
    expect(backoffSeconds(schedule, 1, () => 1)).toBe(36);
  });
});
