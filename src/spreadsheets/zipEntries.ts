/**
 * Unpacks an .xlsx archive (a ZIP file) from its central directory, the index Excel itself trusts, with the
 * limits applied while inflating: a part that claims 1 KiB but inflates to 10 GiB stops at the budget, so the
 * spreadsheet library only ever sees bytes that were counted (see limits.ts).
 */
import { inflateRawSync } from 'node:zlib';
import { formatBytes, type ReadLimits } from './limits.js';
import { SpreadsheetError } from './spreadsheetError.js';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

type Limits = Pick<ReadLimits, 'maxUncompressedBytes' | 'maxEntries'>;

/** `what` names the file in messages (its display path). */
export function unzipEntries(archive: Uint8Array, what: string, limits: Limits): ZipEntry[] {
  const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const notXlsx = (why: string) =>
    new SpreadsheetError('spreadsheet.not-xlsx', `${what} is not an .xlsx file: ${why}`);
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== LOCAL_HEADER) {
    throw notXlsx('it is not a ZIP archive (an .xlsx file is one; was it saved as .xls or .csv?)');
  }
  const end = findEndOfDirectory(bytes);
  if (end < 0) throw notXlsx('the ZIP archive is truncated (no central directory)');
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw notXlsx('ZIP64 archives are not supported');
  if (count > limits.maxEntries) {
    throw new SpreadsheetError(
      'spreadsheet.too-large',
      `${what} has ${count} parts; at most ${limits.maxEntries} are read`,
    );
  }

  const entries: ZipEntry[] = [];
  let budget = limits.maxUncompressedBytes;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw notXlsx('its ZIP central directory is damaged');
    }
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0)
      throw notXlsx(`part \`${name}\` is encrypted (password-protected workbooks cannot be read)`);

    const start = dataStart(bytes, localOffset);
    if (start < 0 || start + compressedSize > bytes.length) throw notXlsx(`part \`${name}\` is truncated`);
    const raw = bytes.subarray(start, start + compressedSize);
    const data = inflate(raw, method, budget, name, notXlsx, () => tooLarge(what, limits));
    budget -= data.length;
    entries.push({ name, data });
  }
  return entries;
}

function tooLarge(what: string, limits: Limits): SpreadsheetError {
  return new SpreadsheetError(
    'spreadsheet.too-large',
    `${what} unpacks to more than ${formatBytes(limits.maxUncompressedBytes)}; it is too large to import`,
  );
}

function inflate(
  raw: Buffer,
  method: number,
  budget: number,
  name: string,
  notXlsx: (why: string) => SpreadsheetError,
  overBudget: () => SpreadsheetError,
): Uint8Array {
  if (method === STORED) {
    if (raw.length > budget) throw overBudget();
    return raw;
  }
  if (method !== DEFLATED)
    throw notXlsx(`part \`${name}\` uses an unsupported compression method (${method})`);
  if (budget <= 0) throw overBudget();
  try {
    return inflateRawSync(raw, { maxOutputLength: budget });
  } catch (error) {
    if (error instanceof RangeError) throw overBudget();
    throw notXlsx(`part \`${name}\` cannot be decompressed`);
  }
}

/** Where an entry's data starts: after its local header, whose name and extra field may differ in length. */
function dataStart(bytes: Buffer, offset: number): number {
  if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== LOCAL_HEADER) return -1;
  return offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
}

/** The end-of-central-directory record sits in the last 22 bytes plus an archive comment of up to 64 KiB. */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}
