/** What a path on disk is; a path that does not exist (or cannot be read) is neither. */
import { stat } from 'node:fs/promises';

/** True when `path` exists and is a file. */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** True when `path` exists and is a directory. */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
