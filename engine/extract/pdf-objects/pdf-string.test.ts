import { describe, expect, it } from 'vitest';
import { byteSink, decodeUtf16Be, readHexInto, readHexString, readLiteralInto, readLiteralString } from './pdf-string.ts';
import { PdfObjectsError } from './values.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
/** A reader's string and where it left the cursor. */
function read(reader: typeof readHexString, s: string): { bytes: string; end: number } {
  const at = { pos: 0 };
  const text = reader(bytes(s), at);
  return { bytes: text, end: at.pos };
}
const literal = (s: string) => read(readLiteralString, s);
const hex = (s: string) => read(readHexString, s);

describe('literal strings', () => {
  it('reads plain text and balanced parentheses, and reports where the string ends', () => {
    expect(literal('(https://x.org/a(b)c) rest')).toEqual({ bytes: 'https://x.org/a(b)c', end: 21 });
  });

  it('decodes the simple escapes', () => {
    expect(literal('(a\\nb\\rc\\td\\be\\ff\\\\g\\(h\\))').bytes).toBe('a\nb\rc\td\be\ff\\g(h)');
  });

  it('decodes one to three octal digits, ignoring overflow beyond a byte', () => {
    expect(literal('(\\101\\60\\7x\\0531)').bytes).toBe('A0\x07x+1');
    expect(literal('(\\777)').bytes).toBe('\xff');
  });

  it('joins lines continued with a backslash (LF, CR, CRLF) and keeps bare line ends', () => {
    expect(literal('(http://exa\\\nmple.org/\\\r\nlong\\\rpath)').bytes).toBe('http://example.org/longpath');
    expect(literal('(a\r\nb)').bytes).toBe('a\r\nb');
  });

  it('drops the backslash of an unknown escape', () => {
    expect(literal('(\\q\\/)').bytes).toBe('q/');
  });

  it('keeps bytes above 0x7f as single chars', () => {
    expect(literal('(\xfe\xff\x00h)').bytes).toBe('\xfe\xff\x00h');
  });

  it('refuses an unterminated string', () => {
    expect(() => literal('(never (closed)')).toThrow(PdfObjectsError);
    expect(() => literal('(ends in escape\\')).toThrow(PdfObjectsError);
  });
});

describe('hex strings', () => {
  it('reads pairs of digits in either case, skipping whitespace', () => {
    expect(hex('<68 74\n74 70 3A 2f>')).toEqual({ bytes: 'http:/', end: 19 });
  });

  it('pads an odd final digit with zero and skips non-hex bytes as pdf.js does', () => {
    expect(hex('<414>').bytes).toBe('A@');
    expect(hex('<4z1>').bytes).toBe('A');
  });

  it('reads strings of every length through its reused buffer, a padded last digit included', () => {
    // Lengths around the short-string cut-off and the buffer's sizes as it grows (256 at first, kept up to 65,536).
    for (const n of [0, 1, 8, 9, 255, 256, 257, 512, 65_536, 70_000, 300]) {
      const want = Array.from({ length: n }, (_, i) => String.fromCharCode((i * 37) % 256)).join('');
      const digits = [...want].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
      expect(hex(`<${digits}>`).bytes).toBe(want);
      expect(hex(`<${digits}7>`).bytes).toBe(`${want}p`);
    }
  });

  it('refuses an unterminated hex string', () => {
    expect(() => hex('<4142')).toThrow(PdfObjectsError);
  });
});

describe('strings read into a byte sink', () => {
  it('appends each string after the last, growing the sink and keeping what it held', () => {
    const sink = byteSink(4);
    const input = bytes('(ab\\\\c) <41 42 434> (\\101(x)\\\nz)');
    const at = { pos: 0 };
    readLiteralInto(input, at, sink);
    const afterFirst = sink.end;
    at.pos += 1;
    readHexInto(input, at, sink);
    at.pos += 1;
    readLiteralInto(input, at, sink);
    expect(afterFirst).toBe(4);
    expect(at.pos).toBe(input.length);
    expect(Buffer.from(sink.buf.subarray(0, sink.end)).toString('latin1')).toBe('ab\\cABC@A(x)z');
  });

  it('reads a hex string longer than the sink into it whole', () => {
    const sink = byteSink(2);
    sink.end = 1;
    readHexInto(bytes(`<${'41'.repeat(300)}>`), { pos: 0 }, sink);
    expect(sink.end).toBe(301);
    expect(Buffer.from(sink.buf.subarray(1, 301)).toString('latin1')).toBe('A'.repeat(300));
  });
});

describe('UTF-16BE text', () => {
  it('decodes strings with a byte-order mark and leaves others as bytes', () => {
    expect(decodeUtf16Be('\xfe\xff\x00h\x00t\x00\xe9')).toBe('ht\u00e9');
    expect(decodeUtf16Be('\xfe\xff\xd8\x3d\xde\x00')).toBe('\u{1f600}');
    expect(decodeUtf16Be('plain \xe9')).toBe('plain \xe9');
  });

  it('ignores a dangling odd byte', () => {
    expect(decodeUtf16Be('\xfe\xff\x00a\x00')).toBe('a');
  });
});
