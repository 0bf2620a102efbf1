import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandFiles } from '../../convert/index.js';

/** `runner convert` reads the files a curl command names relative to the current directory, as curl would. */
export function nodeCommandFiles(cwd: string): CommandFiles {
  return {
    read(path) {
      try {
        return readFileSync(resolve(cwd, path));
      } catch {
        return undefined;
      }
    },
  };
}
