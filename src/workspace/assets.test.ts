import { symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssetError, createAssetReader } from './assets.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

let tree: TempTree;

beforeEach(async () => {
  tree = await tempTree({
    'assets/hello.txt': 'hello',
    'assets/img/logo.png': 'PNG-BYTES',
    'secret.txt': 'top secret',
  });
});

afterEach(() => tree.remove());

function reader() {
  return createAssetReader(tree.path('assets'), 'assets');
}

async function failure(path: string): Promise<AssetError> {
  const error: unknown = await reader()
    .read(path)
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  if (!(error instanceof AssetError)) throw new Error(`expected an AssetError for ${path}`);
  return error;
}

describe('createAssetReader', () => {
  it('reads a file and a nested file under the directory', async () => {
    const hello = await reader().read('hello.txt');
    expect(new TextDecoder().decode(hello.bytes)).toBe('hello');
    expect(hello.absolutePath).toBe(tree.path('assets', 'hello.txt'));
    const logo = await reader().read('img/logo.png');
    expect(new TextDecoder().decode(logo.bytes)).toBe('PNG-BYTES');
  });

  it('refuses `..` segments, even ones that would come back inside', async () => {
    const error = await failure('../secret.txt');
    expect(error.code).toBe('asset.outside');
    expect(error.message).toBe(
      '`../secret.txt` is outside assets.path (assets): `..` segments are not allowed',
    );
    expect((await failure('img/../hello.txt')).code).toBe('asset.outside');
    expect((await failure('img\\..\\..\\secret.txt')).code).toBe('asset.outside');
  });

  it('refuses absolute paths', async () => {
    const error = await failure(tree.path('secret.txt'));
    expect(error.code).toBe('asset.outside');
    expect(error.message).toMatch(/is outside assets\.path \(assets\): absolute paths are not allowed/);
    expect((await failure('C:\\secret.txt')).code).toBe('asset.outside');
  });

  it('refuses a symlink that points outside, naming its target', async () => {
    await symlink(tree.path('secret.txt'), tree.path('assets', 'link.txt'));
    const error = await failure('link.txt');
    expect(error.code).toBe('asset.outside');
    expect(error.message).toBe(
      `\`link.txt\` is outside assets.path (assets): it leads through a symlink to ${tree.path('secret.txt')}`,
    );
  });

  it('refuses a file reached through a symlinked directory that points outside', async () => {
    await symlink(tree.root, tree.path('assets', 'up'));
    expect((await failure('up/secret.txt')).code).toBe('asset.outside');
  });

  it('follows a symlink that stays inside', async () => {
    await symlink(tree.path('assets', 'hello.txt'), tree.path('assets', 'alias.txt'));
    const file = await reader().read('alias.txt');
    expect(new TextDecoder().decode(file.bytes)).toBe('hello');
  });

  it('says when the file or the directory is missing, or the path is a directory', async () => {
    const missing = await failure('nope.pdf');
    expect(missing.code).toBe('asset.missing');
    expect(missing.message).toBe('`nope.pdf` does not exist under assets.path (assets)');
    expect((await failure('img')).code).toBe('asset.not-file');
    expect((await failure('')).code).toBe('asset.missing');

    const noDir = createAssetReader(tree.path('absent'), 'absent');
    await expect(noDir.read('hello.txt')).rejects.toThrow('assets.path (absent) does not exist');
  });

  it('names the directory by its own path when no label is given', async () => {
    const plain = createAssetReader(tree.path('assets'));
    await expect(plain.read('../secret.txt')).rejects.toThrow(
      `is outside assets.path (${tree.path('assets')})`,
    );
  });
});
