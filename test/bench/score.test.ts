import { describe, expect, it } from 'vitest';
import { parseScoreJson } from '../../bench/score.ts';

// The shape score.py --json writes (trimmed: extra metrics are ignored by the bench).
const JSON_TEXT = JSON.stringify({
  means: { overall: 0.3626, overall_n: 158, nid: 0.918, teds: 0.007, mhs: 0.02, nid_s: 0.9, documents: 158 },
  by_producer: {
    latex: { overall: 0.393, nid: 0.969, teds: 0, mhs: 0.02, documents: 37 },
    office: { overall: 0.392, nid: 0.971, teds: 0.019, mhs: null, documents: 33 },
  },
  missing_predictions: 0,
  documents: [
    { id: 'apt-readme__latex', producer: 'latex', overall: 0.4988, nid: 0.9977, teds: null, mhs: 0, seconds: 0.02 },
  ],
});

describe('parseScoreJson', () => {
  it('reads means, per-producer means and per-document scores', () => {
    const s = parseScoreJson(JSON_TEXT);
    expect(s.means.overall).toBe(0.3626);
    expect(s.by_producer.office?.mhs).toBeNull();
    expect(s.documents[0]).toEqual({ id: 'apt-readme__latex', producer: 'latex', overall: 0.4988, nid: 0.9977, teds: null, mhs: 0 });
  });

  it('rejects output that lacks the fields the table needs', () => {
    expect(() => parseScoreJson('{"means": {}}')).toThrow();
    expect(() => parseScoreJson(JSON.stringify({ means: { overall: '0.3' }, by_producer: {}, documents: [] }))).toThrow();
    expect(() => parseScoreJson('not json')).toThrow();
  });
});
