import * as fs from 'node:fs/promises';

/**
 * The file operations the report writer uses. The real one is node:fs/promises; tests pass one that stops
 * at a chosen operation to show what a crash at that moment leaves behind.
 */
export interface ReportFileSystem {
  mkdir(path: string, options?: { recursive?: boolean }): Promise<unknown>;
  /** `flush` asks for the data to reach the disk before the file is renamed into place. */
  writeFile(
    path: string,
    data: string | Iterable<string> | AsyncIterable<string>,
    options: { flush: boolean },
  ): Promise<void>;
  /** Copies a file and flushes the copy to the disk. */
  copyFile(from: string, to: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive: true; force: true }): Promise<void>;
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ mtimeMs: number }>;
}

export const nodeFileSystem: ReportFileSystem = {
  mkdir: (path, options) => fs.mkdir(path, options),
  writeFile: (path, data, options) => fs.writeFile(path, data, options),
  copyFile: async (from, to) => {
    await fs.copyFile(from, to);
    const handle = await fs.open(to, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => fs.rename(from, to),
  rm: (path, options) => fs.rm(path, options),
  readdir: (path) => fs.readdir(path),
  stat: (path) => fs.stat(path),
};

/** Whether an I/O error has this `code` (`EEXIST`, `ENOENT`). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
