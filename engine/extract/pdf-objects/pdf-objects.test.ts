import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readObjectStreams } from './object-streams.ts';
import { PdfObjects } from './pdf-objects.ts';
import { scanObjects } from './scan-objects.ts';
import { PdfObjectsError, type PdfValue } from './values.ts';

type Part = string | Buffer;
const file = (...parts: Part[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p))));
const obj = (num: number, body: string, gen = 0) => `${num} ${gen} obj\n${body}\nendobj\n`;
const stream = (num: number, dict: string, data: Buffer): Part[] =>
  [`${num} 0 obj\n<<${dict} /Length ${data.length}>>\nstream\r\n`, data, '\r\nendstream\nendobj\n'];
/** An object stream holding `objects` (number → body), deflated unless a filter is given. */
function objStm(num: number, objects: Record<number, string>, extra = ''): Part[] {
  const bodies = Object.values(objects);
  let offset = 0;
  const header = Object.keys(objects).map((n, i) => {
    const pair = `${n} ${offset}`;
    offset += bodies[i]!.length + 1;
    return pair;
  }).join(' ') + '\n';
  const data = Buffer.from(header + bodies.join('\n'), 'latin1');
  const filter = extra.includes('/Filter') ? '' : ' /Filter /FlateDecode';
  return stream(num, `/Type /ObjStm /N ${bodies.length} /First ${header.length}${filter}${extra}`,
    filter ? zlib.deflateSync(data) : data);
}
const HEAD = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
const TRAILER = 'trailer\n<< /Root 1 0 R /Size 9 >>\nstartxref\n0\n%%EOF\n';
const plain = (v: PdfValue): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? Object.fromEntries(x) : x)));

describe('scanning for objects', () => {
  it('finds objects without an xref table; the last definition wins', () => {
    const o = PdfObjects.open(file(HEAD, obj(1, '<< /Type /Catalog >>'), obj(2, '(old)'), obj(3, '42', 2), obj(2, '(new)'), TRAILER));
    expect(plain(o.get(2, 0))).toEqual({ kind: 'string', bytes: 'new' });
    expect(o.get(3, 2)).toBe(42);
    expect(o.rootRef).toEqual({ num: 1, gen: 0 });
  });

  it('ignores header-like text inside stream data and in endobj', () => {
    const embedded = Buffer.from('2 0 obj (fake) endobj 7 0 obj (fake) endobj', 'latin1');
    const bytes = file(HEAD, obj(2, '(real)'), ...stream(5, '', embedded), TRAILER);
    const scan = scanObjects(bytes);
    expect([...scan.objects.keys()].sort()).toEqual([2 * 65_536, 5 * 65_536]);
    expect(scan.streams).toHaveLength(1);
    expect(plain(PdfObjects.open(bytes).get(2, 0))).toEqual({ kind: 'string', bytes: 'real' });
  });

  it('refuses objects it cannot find, and reference loops', () => {
    const o = PdfObjects.open(file(HEAD, obj(1, '<< /Type /Catalog >>'), obj(4, '4 0 R'), TRAILER));
    expect(() => o.get(9, 0)).toThrow(PdfObjectsError);
    expect(() => o.resolve({ kind: 'ref', num: 4, gen: 0 })).toThrow(/reference chain/);
  });
});

describe('object streams', () => {
  it('reads compressed objects, with the later definition winning either way', () => {
    const bytes = file(HEAD, obj(1, '<< /Type /Catalog >>'), obj(2, '(plain, older)'),
      ...objStm(10, { 2: '(compressed, newer)', 3: '<< /A [1 2 3] >>', 4: '(compressed, older)' }), obj(4, '(plain, newer)'), TRAILER);
    const o = PdfObjects.open(bytes);
    expect(plain(o.get(2, 0))).toEqual({ kind: 'string', bytes: 'compressed, newer' });
    expect(plain(o.get(3, 0))).toEqual({ kind: 'dict', map: { A: [1, 2, 3] } });
    expect(plain(o.get(4, 0))).toEqual({ kind: 'string', bytes: 'plain, newer' });
  });

  it('reads uncompressed object streams and finds the root in a cross-reference stream', () => {
    const bytes = file(HEAD, ...objStm(10, { 1: '<< /Type /Catalog >>' }, ' /Filter []'),
      ...stream(11, '/Type /XRef /Root 1 0 R /Size 12 /W [1 2 1]', Buffer.alloc(0)), 'startxref\n0\n%%EOF\n');
    const o = PdfObjects.open(bytes);
    expect(o.rootRef).toEqual({ num: 1, gen: 0 });
    expect(plain(o.get(1, 0))).toEqual({ kind: 'dict', map: { Type: { kind: 'name', name: 'Catalog' } } });
  });

  it('refuses a file whose object stream uses another filter or a predictor (the index would be incomplete)', () => {
    const hex = file(HEAD, ...stream(10, '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', Buffer.from('<>')), TRAILER);
    expect(() => PdfObjects.open(hex)).toThrow(/filter ASCIIHexDecode/);
    const predicted = file(HEAD, ...objStm(10, { 2: '1' }, ' /DecodeParms << /Predictor 12 >>'), TRAILER);
    expect(() => PdfObjects.open(predicted)).toThrow(/predictor/);
  });

  it('keeps what a truncated deflate stream holds', () => {
    const data = zlib.deflateSync(Buffer.from('2 0 (kept) and some more text to cut', 'latin1'));
    const bytes = file(HEAD, ...stream(10, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data.subarray(0, data.length - 8)), TRAILER);
    const stms = readObjectStreams(bytes, scanObjects(bytes));
    expect(Buffer.from(stms[0]!.data).toString('latin1')).toMatch(/^2 0 \(kept\)/);
  });

  it('caps decompressed bytes per stream and per document, and the number of streams', () => {
    const big = file(HEAD, ...objStm(10, { 2: `(${'x'.repeat(100_000)})` }), ...objStm(11, { 3: '(y)' }), TRAILER);
    const scan = scanObjects(big);
    const limits = { maxStreams: 10, maxTotalBytes: 1e9, maxStreamBytes: 1e9, maxObjectsPerStream: 10 };
    expect(readObjectStreams(big, scan, limits)).toHaveLength(2);
    expect(() => readObjectStreams(big, scan, { ...limits, maxStreamBytes: 50_000 })).toThrow(PdfObjectsError);
    expect(() => readObjectStreams(big, scan, { ...limits, maxTotalBytes: 100_010 })).toThrow(PdfObjectsError);
    expect(() => readObjectStreams(big, scan, { ...limits, maxStreams: 1 })).toThrow(/too many object streams/);
  });

  it('refuses a stream header that points outside the data', () => {
    const bad = file(HEAD, ...stream(10, '/Type /ObjStm /N 1 /First 4', Buffer.from('2 99 (x)')), TRAILER);
    expect(() => PdfObjects.open(bad)).toThrow(/offset/);
  });
});

describe('encryption', () => {
  it('refuses a file with /Encrypt in its trailer, even spelled with name escapes', () => {
    expect(() => PdfObjects.open(file(HEAD, obj(1, '<<>>'), 'trailer\n<< /Root 1 0 R /Encrypt 5 0 R >>\n'))).toThrow(/encrypted/);
    expect(() => PdfObjects.open(file(HEAD, obj(1, '<<>>'), 'trailer\n<< /Root 1 0 R /Encr#79pt 5 0 R >>\n'))).toThrow(/encrypted/);
  });

  it('refuses a file with /Encrypt in a cross-reference stream', () => {
    const bytes = file(HEAD, obj(1, '<<>>'), ...stream(11, '/Type /XRef /Root 1 0 R /Encr#79pt 4 0 R', Buffer.alloc(0)));
    expect(() => PdfObjects.open(bytes)).toThrow(/encrypted/);
  });

  it('does not mistake other names for /Encrypt', () => {
    expect(() => PdfObjects.open(file(HEAD, obj(1, '<< /Encryption (no) >>'), TRAILER))).not.toThrow();
    // The word without its slash, in a string or inside another name, is not the key.
    expect(() => PdfObjects.open(file(HEAD, obj(1, '<< /Title (Encrypt) /XEncrypt 1 >>'), TRAILER))).not.toThrow();
    expect(() => PdfObjects.open(file(HEAD, obj(1, 'Encrypt'), TRAILER))).not.toThrow();
  });

  it('takes /EncryptMetadata, a key of the encryption dictionary, for encryption', () => {
    expect(() => PdfObjects.open(file(HEAD, obj(1, '<< /EncryptMetadata false >>'), TRAILER))).toThrow(/encrypted/);
  });
});

describe('parsing work per document', () => {
  // Found by bench/fuzz: objects whose strings run on past the next objects made each object's parse cost
  // up to the rest of the file, so a page that names many of them cost the file size times their number.
  it('stays linear when every object is a string that runs to the end of the file', { timeout: 120_000 }, async () => {
    const { documentLinkAnnotations } = await import('./document-links.ts');
    const n = 800;
    const refs = Array.from({ length: n }, (_, i) => `${10 + i} 0 R`).join(' ');
    const strings = Array.from({ length: n }, (_, i) => `${10 + i} 0 obj\n<${'0a'.repeat(500)}\n`).join('');
    const bytes = file(HEAD, obj(1, '<< /Type /Catalog /Pages 3 0 R >>'), obj(2, `<< /Type /Page /Parent 3 0 R /Annots [${refs}] >>`),
      obj(3, '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'), strings, '>\nendobj\n', TRAILER);
    const started = performance.now();
    const read = () => documentLinkAnnotations(bytes)({ num: 2, gen: 0 });
    // Refusing is fine (pdf.js then reads the links); taking seconds is not.
    try {
      expect(read()).toEqual([]);
    } catch (err) {
      expect(err).toBeInstanceOf(PdfObjectsError);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('keeps parsing an ordinary document of many objects', () => {
    const n = 5_000;
    const objects = Array.from({ length: n }, (_, i) => obj(10 + i, `<< /N ${i} /S (${'x'.repeat(100)}) >>`)).join('');
    const o = PdfObjects.open(file(HEAD, obj(1, '<< /Type /Catalog >>'), objects, TRAILER));
    for (let round = 0; round < 3; round++) for (let i = 0; i < n; i++) expect(plain(o.get(10 + i, 0))).toMatchObject({ map: { N: i } });
  });
});
