import * as fs from 'node:fs/promises';

/**
 * The file operations the report writer uses. The real one is node:fs/promises; tests pass one that stops
 * at a chosen operation to show what a crash at that moment leaves behind.
 */
export interface ReportFileSystem {
  mkdir(path: string, options?: { recursive?: boolean }): Promise<unknown>;
  /** `flush` asks for the data to reach the disk before the file is renamed into place. */
  writeFile(path: string, data: string, options: { flush: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive: true; force: true }): Promise<void>;
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ mtimeMs: number }>;
}

export const nodeFileSystem: ReportFileSystem = {
  mkdir: (path, options) => fs.mkdir(path, options),
  writeFile: (path, data, options) => fs.writeFile(path, data, options),
  rename: (from, to) => fs.rename(from, to),
  rm: (path, options) => fs.rm(path, options),
  readdir: (path) => fs.readdir(path),
  stat: (path) => fs.stat(path),
};

/** Whether an I/O error has this `code` (`EEXIST`, `ENOENT`). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
