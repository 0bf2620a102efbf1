/**
 * Packs already-checked parts into an uncompressed ("stored") ZIP for the spreadsheet library's streaming
 * reader. The reader then reads exactly the bytes unzipEntries counted, whatever the original archive's local
 * headers claim; and the workbook parts come first, so the reader never parks a worksheet in a temp file
 * while it waits for the workbook index.
 */
import { crc32 } from 'node:zlib';
import type { ZipEntry } from './zipEntries.js';

/** Parts the reader needs before any worksheet: the sheet names, their files, shared strings and styles. */
const FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

function rank(name: string): number {
  const index = FIRST.indexOf(name);
  if (index >= 0) return index;
  return name.startsWith('xl/worksheets/') ? FIRST.length + 1 : FIRST.length;
}

/** The archive as a list of chunks (no copy of the part data). */
export function storedZip(entries: readonly ZipEntry[]): Uint8Array[] {
  const ordered = [...entries].sort((a, b) => rank(a.name) - rank(b.name));
  const chunks: Uint8Array[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of ordered) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const size = entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + size;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(ordered.length, 8);
  end.writeUInt16LE(ordered.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return [...chunks, ...directory, end];
}
