import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/schema.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { Job } from './job-schema.ts';
import { JobStatus } from './job-status.ts';
import { frozenJobView, toJobView } from './job-view.ts';

const at = new Date('2026-11-24T17:00:00.000Z');
function row(status: string): JobRow {
  return {
    id: '0a0e7a5e-7b5e-4c4e-8e8e-0a0e7a5e7b5e', status, statusSince: at, createdAt: at, ownerType: 'api_key',
    apiKeyId: null, deviceId: null, fileName: 'a.pdf', sourceUrl: null, pages: 2, pagesDone: 1, outputSize: status === 'ready' ? 10 : null,
    truncated: false, externalId: 'ext', tags: ['t'], tier: 'free', readyAt: status === 'ready' || status === 'expired' ? at : null,
    retentionSeconds: 3600, errorCode: status === 'error' ? 'malformed_pdf' : null, errorMessage: status === 'error' ? 'bad' : null,
  } as unknown as JobRow;
}
const usage = { used: 1, limit: 3, free: 2 };

describe('job views', () => {
  it.each(JobStatus.options)('a %s job\'s view, frozen or not, holds the Job output schema', (status) => {
    expect(() => Job.parse(toJobView(row(status), usage))).not.toThrow();
    expect(() => Job.parse(frozenJobView(deepFreeze(row(status)), usage))).not.toThrow();
  });

  it('shares one frozen view per frozen row and slot usage, and builds a new one when the usage changes', () => {
    const r = deepFreeze(row('processing'));
    const v = frozenJobView(r, usage);
    expect(Object.isFrozen(v) && Object.isFrozen(v.progress) && Object.isFrozen(v.slot_usage)).toBe(true);
    expect(frozenJobView(r, { ...usage })).toBe(v);
    expect(frozenJobView(r, { used: 2, limit: 3, free: 1 }).slot_usage).toEqual({ used: 2, limit: 3, free: 1 });
    expect(frozenJobView(r, usage)).toEqual(v);
  });

  it('gives a row that is not frozen a fresh view every time', () => {
    const r = row('ready');
    expect(frozenJobView(r, usage)).not.toBe(frozenJobView(r, usage));
    expect(Object.isFrozen(frozenJobView(r, usage))).toBe(false);
  });

  it('shows the pages read by OCR, and why, once the worker recorded them', () => {
    const r = { ...row('ready'), settings: { converter: 'auto', ocr_pages: [{ page: 3, reason: 'no_text_layer' }] } } as JobRow;
    expect(toJobView(r, usage).ocr_pages).toEqual([{ page: 3, reason: 'no_text_layer' }]);
    expect(() => Job.parse(toJobView(r, usage))).not.toThrow();
    expect(toJobView({ ...row('processing'), settings: { converter: 'auto' } } as JobRow, usage)).not.toHaveProperty('ocr_pages');
  });
});
