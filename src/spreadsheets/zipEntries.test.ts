import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS } from './limits.js';
import { storedZip } from './storedZip.js';
import { unzipEntries } from './zipEntries.js';

const limits = DEFAULT_READ_LIMITS;
const zip = (entries: { name: string; text: string }[]): Buffer =>
  Buffer.concat(storedZip(entries.map(({ name, text }) => ({ name, data: Buffer.from(text) }))));

/** Central directory entries start with PK\x01\x02; `patch` rewrites the first one. */
function patchDirectory(archive: Buffer, patch: (entry: Buffer) => void): Buffer {
  const copy = Buffer.from(archive);
  patch(copy.subarray(copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))));
  return copy;
}

describe('unzipEntries', () => {
  it('reads back what storedZip packed, workbook parts first', () => {
    const archive = zip([
      { name: 'xl/worksheets/sheet1.xml', text: '<sheet/>' },
      { name: 'xl/workbook.xml', text: '<workbook/>' },
      { name: '[Content_Types].xml', text: '<Types/>' },
    ]);
    expect(
      unzipEntries(archive, 'f', limits).map((entry) => [entry.name, Buffer.from(entry.data).toString()]),
    ).toEqual([
      ['[Content_Types].xml', '<Types/>'],
      ['xl/workbook.xml', '<workbook/>'],
      ['xl/worksheets/sheet1.xml', '<sheet/>'],
    ]);
  });

  it('refuses encrypted parts and unknown compression', () => {
    const archive = zip([{ name: 'a.xml', text: 'x' }]);
    const encrypted = patchDirectory(archive, (entry) => entry.writeUInt16LE(1, 8));
    expect(() => unzipEntries(encrypted, '`f`', limits)).toThrow(
      '`f` is not an .xlsx file: part `a.xml` is encrypted (password-protected workbooks cannot be read)',
    );
    const bzip = patchDirectory(archive, (entry) => entry.writeUInt16LE(12, 10));
    expect(() => unzipEntries(bzip, '`f`', limits)).toThrow('uses an unsupported compression method (12)');
  });

  it('counts parts and stored bytes against the limits', () => {
    const archive = zip([
      { name: 'a.xml', text: 'x'.repeat(600) },
      { name: 'b.xml', text: 'y'.repeat(600) },
    ]);
    expect(() => unzipEntries(archive, '`f`', { ...limits, maxEntries: 1 })).toThrow(
      '`f` has 2 parts; at most 1 are read',
    );
    expect(() => unzipEntries(archive, '`f`', { ...limits, maxUncompressedBytes: 1000 })).toThrow(
      '`f` unpacks to more than 1,000 bytes; it is too large to import',
    );
  });
});
