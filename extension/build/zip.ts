/**
 * A minimal ZIP writer (deflate, no encryption, no ZIP64) for the packaged
 * extension, on Node's zlib alone. Entries are stored in the given order with
 * a fixed timestamp, so the same files always give the same archive.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export type ZipEntry = { name: string; data: Uint8Array };

// 1980-01-01 00:00, the earliest DOS date: keeps builds reproducible.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommon(local, 4, crc, packed.length, entry.data.length, name.length);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: version 2.0
    writeCommon(central, 6, crc, packed.length, entry.data.length, name.length);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The fields local and central headers share, from `at` (version needed onwards). */
function writeCommon(b: Buffer, at: number, crc: number, packed: number, size: number, nameLength: number): void {
  b.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  b.writeUInt16LE(0x0800, at + 2); // UTF-8 names
  b.writeUInt16LE(8, at + 4); // deflate
  b.writeUInt16LE(DOS_TIME, at + 6);
  b.writeUInt16LE(DOS_DATE, at + 8);
  b.writeUInt32LE(crc, at + 10);
  b.writeUInt32LE(packed, at + 14);
  b.writeUInt32LE(size, at + 18);
  b.writeUInt16LE(nameLength, at + 22);
}
