/**
 * A ZIP archive written as a stream (PKWARE APPNOTE 6.3): entries one after
 * another, then the central directory. A streamed entry (the Markdown) is
 * deflated as it is read, with its CRC and sizes in a data descriptor after
 * the data; an entry already in memory (a PNG, compressed already) is stored
 * with them in its header. No ZIP64: a result is far below 4 GiB (the tier's
 * resultBytes), and an entry that is not is refused rather than corrupted.
 */
import { crc32, createDeflateRaw } from 'node:zlib';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

const LIMIT = 0xffffffff;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAG_DESCRIPTOR = 0x0008, FLAG_UTF8 = 0x0800;

type Entry = { name: Buffer; crc: number; compressed: number; size: number; method: 0 | 8; flags: number; offset: number; time: number; date: number };

/** DOS time and date of `d`, as ZIP headers carry them. */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((Math.max(1980, d.getUTCFullYear()) - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function localHeader(e: Entry): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.flags, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(e.time, 10);
  h.writeUInt16LE(e.date, 12);
  // With a data descriptor these are zero here and given after the data.
  const known = !(e.flags & FLAG_DESCRIPTOR);
  h.writeUInt32LE(known ? e.crc : 0, 14);
  h.writeUInt32LE(known ? e.compressed : 0, 18);
  h.writeUInt32LE(known ? e.size : 0, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, e.name]);
}

function centralHeader(e: Entry): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(e.flags, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(e.time, 12);
  h.writeUInt16LE(e.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, e.name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}

/** Writes a ZIP to `out` entry by entry; call end() once after the last entry. */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosTime(new Date());

  private readonly out: Writable;

  constructor(out: Writable) {
    this.out = out;
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
    if (this.out.destroyed) throw new Error('the client went away');
  }

  private check(n: number): void {
    if (n >= LIMIT || this.entries.length >= 0xffff) throw new Error('the archive would need ZIP64');
  }

  /** An entry held in memory, stored uncompressed (pictures are compressed already). */
  async addStored(name: string, data: Buffer): Promise<void> {
    this.check(this.offset + data.length);
    const e: Entry = { name: Buffer.from(name, 'utf8'), crc: crc32(data), compressed: data.length, size: data.length, method: 0, flags: FLAG_UTF8, offset: this.offset, ...this.stamp };
    this.entries.push(e);
    await this.write(localHeader(e));
    await this.write(data);
  }

  /** An entry read from a stream and deflated as it arrives. */
  async addDeflated(name: string, source: Readable): Promise<void> {
    const e: Entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, method: 8, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, offset: this.offset, ...this.stamp };
    this.entries.push(e);
    await this.write(localHeader(e));
    const deflate = createDeflateRaw();
    const pump = (async () => {
      try {
        for await (const chunk of source) {
          const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          e.crc = crc32(buf, e.crc);
          e.size += buf.length;
          if (!deflate.write(buf)) await once(deflate, 'drain');
        }
        deflate.end();
      } catch (err) {
        deflate.destroy(err as Error);
      }
    })();
    for await (const chunk of deflate) {
      e.compressed += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    await pump;
    this.check(Math.max(e.size, this.offset));
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    await this.write(d);
  }

  /** The central directory and its end record; the caller ends the output stream. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) await this.write(centralHeader(e));
    await this.write(endRecord(this.entries.length, this.offset - start, start));
  }
}
