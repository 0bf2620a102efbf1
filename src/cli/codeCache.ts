import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { isPrivate } from '../workspace/privateFiles.js';

/**
 * Starting the program from a V8 code cache (docs/cli.md, "Caching"). Compiling the 850 KB program, and
 * then each function it calls for the first time, costs every start ~30-50 ms on Node 20, which has no
 * compile cache of its own; the single executable carries one made at build time. Here the cache is made
 * after the first start of each command and read back by the next ones.
 */
export interface ProgramOptions {
  /** The program: CommonJS that requires only Node's built-in modules and files by absolute path. */
  file: string;
  /**
   * Identifies the program's text (a digest made at build time). V8 checks only a cache's length, version
   * and flags, so a cache made for another text of the same length must never be offered to it.
   */
  id: string;
  /** The cache folder, or undefined for none (`RUNNER_NO_CACHE`). */
  cacheDir: string | undefined;
  /** Which cache this start reads and writes: each command compiles different functions. */
  variant: string;
}

/** Code caches are rebuilt at will, so only this many are kept (the most recently written). */
const KEPT_CACHES = 8;
const CACHE_FILE = /^code-[0-9a-f]{16}-[\w.-]+\.bin$/;

const isPrivateFile = (path: string) => isPrivate(statSync(path));

const digest = (data: Buffer) => createHash('sha256').update(data).digest();
const DIGEST_BYTES = 32;

/**
 * The cache as saved, if it is still intact. V8 checks a cache's header but not every byte of it (a damaged
 * one crashed the process in our tests), so each file starts with a digest of the rest.
 */
function readTrusted(dir: string, path: string): Buffer | undefined {
  let file: Buffer;
  try {
    if (!isPrivateFile(dir) || !isPrivateFile(path)) return undefined;
    file = readFileSync(path);
  } catch {
    return undefined; // No cache yet.
  }
  const data = file.subarray(DIGEST_BYTES);
  return file.length > DIGEST_BYTES && digest(data).equals(file.subarray(0, DIGEST_BYTES)) ? data : undefined;
}

function removeOldest(dir: string): void {
  const caches = readdirSync(dir)
    .filter((name) => CACHE_FILE.test(name))
    .map((name) => ({ path: join(dir, name), written: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const old of caches.slice(KEPT_CACHES)) rmSync(old.path, { force: true });
}

/** Writes the cache atomically; any failure leaves things as they were (the cache is an optimisation). */
function save(dir: string, path: string, data: Buffer): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivateFile(dir)) return;
    writeFileSync(temp, Buffer.concat([digest(data), data]), { mode: 0o600 });
    renameSync(temp, path);
    removeOldest(dir);
  } catch {
    rmSync(temp, { force: true });
  }
}

/**
 * Compiles and runs the program, from the cache when there is a valid one. Without one, the cache is made
 * when the process exits, after the work is done, so it holds every function this command compiled.
 */
export function runProgram(options: ProgramOptions): void {
  const { file, cacheDir } = options;
  const source = readFileSync(file, 'utf8');
  const cache =
    cacheDir === undefined || !/^[0-9a-f]{16,}$/.test(options.id)
      ? undefined
      : {
          dir: cacheDir,
          path: join(
            cacheDir,
            `code-${options.id.slice(0, 16)}-${process.versions.v8}-${options.variant}.bin`,
          ),
        };
  const cachedData = cache && readTrusted(cache.dir, cache.path);
  // Node's own CommonJS wrapper, so the program sees the same five names as any module.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  if (cache && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => save(cache.dir, cache.path, script.createCachedData()));
  }
  const main = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  main.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}
