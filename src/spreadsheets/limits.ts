/**
 * How much an `import` step may read, so a huge or hostile file fails the step instead of exhausting memory.
 * Every limit is checked before the spreadsheet library sees the data, or while it streams rows.
 */
export interface ReadLimits {
  /** Size of the .xlsx file on disk, checked before it is read. */
  maxFileBytes: number;
  /** Every part of the archive together once decompressed (a "zip bomb" stops here, while inflating). */
  maxUncompressedBytes: number;
  /** Parts in the archive. */
  maxEntries: number;
  /** Data rows imported from the sheet, checked as rows stream in. */
  maxRows: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  maxUncompressedBytes: 128 * 1024 * 1024,
  maxEntries: 10_000,
  maxRows: 100_000,
};

/** Excel's own limit on the text of one cell; a longer text would make Excel repair the file. */
export const MAX_CELL_TEXT = 32_767;

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${bytes.toLocaleString('en-US')} bytes`;
}
