/**
 * Reading multipart upload files from `assets.path` (SPEC, Workspace layout). DECISIONS, `multipart`: a path
 * that escapes the directory — a `..` segment, an absolute path, or a symlink that leads out — is an error.
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve, win32 } from 'node:path';
import { existingRealpath, isInside } from './projectPaths.js';

export interface AssetFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** The file as named under the assets directory (before symlinks are followed). */
  absolutePath: string;
}

export interface AssetReader {
  read(relativePath: string): Promise<AssetFile>;
}

export type AssetErrorCode = 'asset.outside' | 'asset.missing' | 'asset.not-file' | 'asset.unreadable';

/** A file the scenario asked for cannot be used; the request step reports the message as its failure. */
export class AssetError extends Error {
  readonly code: AssetErrorCode;

  constructor(code: AssetErrorCode, message: string) {
    super(message);
    this.name = 'AssetError';
    this.code = code;
  }
}

/**
 * `label` is how messages name the directory (the caller may pass a path relative to the project);
 * it defaults to `assetsDir` itself.
 */
export function createAssetReader(assetsDir: string, label: string = assetsDir): AssetReader {
  const root = resolve(assetsDir);
  const where = `assets.path (${label})`;
  const outside = (path: string, why: string): AssetError =>
    new AssetError('asset.outside', `\`${path}\` is outside ${where}: ${why}`);

  return {
    async read(relativePath) {
      if (relativePath.trim() === '') throw new AssetError('asset.missing', `empty file path under ${where}`);
      if (isAbsolute(relativePath) || win32.isAbsolute(relativePath)) {
        throw outside(relativePath, 'absolute paths are not allowed; write a path relative to it');
      }
      if (relativePath.split(/[\\/]/).includes('..')) {
        throw outside(relativePath, '`..` segments are not allowed');
      }
      const absolutePath = resolve(root, relativePath);
      const realRoot = await existingRealpath(root);
      if (realRoot === undefined) {
        throw new AssetError(
          'asset.missing',
          `${where} does not exist, so \`${relativePath}\` cannot be read`,
        );
      }
      const realFile = await existingRealpath(absolutePath);
      if (realFile === undefined) {
        throw new AssetError('asset.missing', `\`${relativePath}\` does not exist under ${where}`);
      }
      // Symlinks inside the directory are fine as long as what they point at is inside too.
      if (!isInside(realRoot, realFile)) {
        throw outside(relativePath, `it leads through a symlink to ${realFile}`);
      }
      const info = await stat(realFile);
      if (!info.isFile()) {
        throw new AssetError('asset.not-file', `\`${relativePath}\` under ${where} is not a file`);
      }
      try {
        return { bytes: await readFile(realFile), absolutePath };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new AssetError('asset.unreadable', `cannot read \`${relativePath}\` under ${where}: ${reason}`);
      }
    },
  };
}
