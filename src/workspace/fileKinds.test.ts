import { afterEach, describe, expect, it } from 'vitest';
import { isDirectory, isFile } from './fileKinds.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

describe('isFile and isDirectory', () => {
  it('tell files, directories and missing paths apart', async () => {
    tree = await tempTree({ 'dir/file.yaml': 'a: 1\n' });
    const [file, dir, missing] = [tree.path('dir/file.yaml'), tree.path('dir'), tree.path('nope')];
    expect(await Promise.all([isFile(file), isFile(dir), isFile(missing)])).toEqual([true, false, false]);
    expect(await Promise.all([isDirectory(file), isDirectory(dir), isDirectory(missing)])).toEqual([
      false,
      true,
      false,
    ]);
  });
});
