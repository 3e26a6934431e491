import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../bench/manifest.ts';
import { parseRealworldJson, withAbsoluteGt } from '../../bench/score-realworld.ts';

// The shape score_realworld.py --json writes (trimmed: per-document lists and extra metrics are ignored).
const SUMMARY = {
  documents: 3, gt_tables: 11, pred_tables: 12, doc_precision: 0.9, doc_recall: 0.8, doc_f1: 0.84,
  micro_precision: 0.91, micro_recall: 0.79, micro_f1: 0.85, found_rate: 1.0, table_f1_mean: 0.8,
  teds_mean: 0.95, teds_s_mean: 0.97, docs_without_pred_table: 0,
};
const JSON_TEXT = JSON.stringify({
  tool: 'p2m',
  summary: { docling: { overall: null }, docling_n: { overall: 0 }, icdar: SUMMARY, robustness: { files: 3, status: { ok: 3 } } },
  docling: [], icdar: [], robustness: [],
});

describe('parseRealworldJson', () => {
  it('reads the ICDAR summary the table shows', () => {
    const s = parseRealworldJson(JSON_TEXT);
    expect(s).toMatchObject({ doc_f1: 0.84, doc_precision: 0.9, doc_recall: 0.8, micro_f1: 0.85, found_rate: 1, teds_mean: 0.95 });
    expect(s.pred_tables).toBe(12);
  });

  it('keeps a metric the scorer could not compute as null', () => {
    const none = { ...SUMMARY, teds_mean: null, found_rate: null };
    expect(parseRealworldJson(JSON.stringify({ summary: { icdar: none } })).teds_mean).toBeNull();
  });

  it('rejects output that lacks the fields the table needs', () => {
    expect(() => parseRealworldJson(JSON.stringify({ summary: {} }))).toThrow();
    expect(() => parseRealworldJson(JSON.stringify({ summary: { icdar: { ...SUMMARY, doc_f1: '0.8' } } }))).toThrow();
    expect(() => parseRealworldJson('{')).toThrow();
  });
});

describe('withAbsoluteGt', () => {
  const TSV = [
    'id\tsource\tproducer\tset\tpages\tgt\tnote',
    'icdar__eu-003\ticdar__eu-003\ticdar\ticdar\t1\ticdar/icdar__eu-003-str.xml\t',
    'icdar__us-011\ticdar__us-011\ticdar\ticdar\t2\ticdar/a-str.xml;icdar/b-str.xml\tx',
    'camelot__x\tcamelot__x\tcamelot\tcamelot\t1\t\t',
  ].join('\n');

  it('makes every ground-truth path absolute under the corpus folder, leaving the rest of the line as it was', () => {
    const m = withAbsoluteGt(parseManifest(TSV), '/c/realworld');
    expect(m.header).toBe(TSV.split('\n')[0]);
    expect(m.rows.map((r) => r.raw)).toEqual([
      'icdar__eu-003\ticdar__eu-003\ticdar\ticdar\t1\t/c/realworld/icdar/icdar__eu-003-str.xml\t',
      'icdar__us-011\ticdar__us-011\ticdar\ticdar\t2\t/c/realworld/icdar/a-str.xml;/c/realworld/icdar/b-str.xml\tx',
      'camelot__x\tcamelot__x\tcamelot\tcamelot\t1\t\t',
    ]);
    expect(withAbsoluteGt(m, '/elsewhere').rows[0]?.raw).toBe(m.rows[0]?.raw);
  });

  it('refuses a manifest without a gt column', () => {
    expect(() => withAbsoluteGt(parseManifest('id\tsource\tproducer\tpages\na\ta\tp\t1\n'), '/c')).toThrow(/gt/);
  });
});
