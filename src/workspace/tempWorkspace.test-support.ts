/** Test support: a throw-away directory tree under the OS temp directory. */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempTree {
  root: string;
  path(...parts: string[]): string;
  write(files: Record<string, string>): Promise<void>;
  remove(): Promise<void>;
}

export async function tempTree(files: Record<string, string> = {}): Promise<TempTree> {
  // realpath: on some systems the temp directory is a symlink, and paths are compared as strings.
  const root = await realpath(await mkdtemp(join(tmpdir(), 'runner-ws-')));
  const tree: TempTree = {
    root,
    path: (...parts) => join(root, ...parts),
    write: async (more) => {
      for (const [name, content] of Object.entries(more)) {
        const file = join(root, name);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  await tree.write(files);
  return tree;
}
