import { describe, expect, it } from 'vitest';
import { STANDARD_ENCODING } from './encodings.ts';
import { type1BuiltinEncoding } from './type1-builtin-encoding.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('type1BuiltinEncoding', () => {
  it('reads a numbered array, skipping the .notdef fill loop and comments', () => {
    const head = '%!PS-AdobeFont-1.0: CMR10\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n' +
      'dup 12 /fi put % a ligature\ndup 123/endash put\nreadonly def\ncurrentfile eexec\n\x99dup 65 /Z put';
    const enc = type1BuiltinEncoding(bytes(head));
    expect(enc).toEqual({ kind: 'names', names: new Map([[12, 'fi'], [123, 'endash']]) });
  });

  it('reads a standard encoding by name, and takes the last /Encoding key', () => {
    expect(type1BuiltinEncoding(bytes('/Encoding StandardEncoding def\neexec'))).toEqual({ kind: 'named', encoding: STANDARD_ENCODING });
    expect(type1BuiltinEncoding(bytes('/Encoding StandardEncoding def /Encoding 2 array dup 1 /A put def eexec')))
      .toEqual({ kind: 'names', names: new Map([[1, 'A']]) });
    expect(type1BuiltinEncoding(bytes('/Encoding ZapfDingbatsEncoding def eexec'))).toEqual({ kind: 'named', encoding: 'unsupported' });
  });

  it('skips a PFB segment header, and finds nothing where there is no encoding pdf.js would take', () => {
    const pfb = new Uint8Array([0x80, 0x01, 0, 0, 0, 0, ...bytes('/Encoding 1 array dup 0 /A put def eexec')]);
    expect(type1BuiltinEncoding(pfb)).toEqual({ kind: 'names', names: new Map([[0, 'A']]) });
    expect(type1BuiltinEncoding(bytes('/FontName /X def eexec /Encoding 1 array dup 0 /A put def'))).toBeNull();
    expect(type1BuiltinEncoding(bytes('/Encoding FooEncoding def eexec'))).toBeNull();
    expect(type1BuiltinEncoding(bytes('/EncodingX 1 array dup 0 /A put def eexec'))).toBeNull();
  });
});
