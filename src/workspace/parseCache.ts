/**
 * Parsed YAML trees of a workspace's scenario files, kept between runs. The `yaml` library needs ~1 ms per
 * 500 bytes while V8 still interprets it, which made loading the dominant cost of a run (bench/throughput):
 * an unchanged file is read back from here instead. One file per workspace, replaced whole (atomically)
 * when something changed; a missing, stale or corrupt cache is simply rebuilt, never an error.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ParsedYaml } from '../language/index.js';
import { isPrivate } from './privateFiles.js';

export interface ParseCache {
  /** The tree parsed from exactly this text and display name before, if the cache has it. */
  lookup(file: string, display: string, text: string): ParsedYaml | undefined;
  remember(file: string, display: string, text: string, parsed: ParsedYaml): void;
  /** Writes the cache if anything changed; failures are ignored (the cache is an optimisation). */
  save(): Promise<void>;
}

export interface ParseCacheOptions {
  /** A folder only this user can write (for example ~/.cache/runner). */
  dir: string;
  /** The workspace root: each workspace has its own cache file. */
  root: string;
  /** Identifies the parser (runner version and build): a cache written by another build is ignored. */
  build: string;
}

interface Entry {
  digest: string;
  parsed: ParsedYaml;
}

interface CacheFile {
  build: string;
  entries: Array<[string, Entry]>;
}

/** Cache files of projects not run for this long are removed when another cache file is written. */
const UNUSED_FILE_MS = 30 * 24 * 60 * 60 * 1000;

const isPrivateFile = async (path: string) => isPrivate(await stat(path));

async function removeUnusedFiles(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!/^scenarios-[0-9a-f]{16}\.bin$/.test(name)) continue;
    const file = join(dir, name);
    if (now - (await stat(file)).mtimeMs > UNUSED_FILE_MS) await rm(file, { force: true });
  }
}

/** Entries beyond this many are dropped, least recently used first, so renamed files do not pile up. */
const MAX_ENTRIES = 5_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function digestOf(display: string, text: string): string {
  return sha256(`${display}\0${text}`);
}

function isCacheFile(value: unknown, build: string): value is CacheFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as CacheFile).build === build &&
    Array.isArray((value as CacheFile).entries)
  );
}

export async function openParseCache(options: ParseCacheOptions): Promise<ParseCache> {
  const path = join(options.dir, `scenarios-${sha256(options.root).slice(0, 16)}.bin`);
  let entries = new Map<string, Entry>();
  let trusted = true;
  try {
    trusted = (await isPrivateFile(options.dir)) && (await isPrivateFile(path));
    const stored: unknown = trusted ? deserialize(await readFile(path)) : undefined;
    if (isCacheFile(stored, options.build)) entries = new Map(stored.entries);
  } catch {
    // No cache yet, or one this build cannot read: start empty.
  }
  const used = new Set<string>();
  let changed = false;

  return {
    lookup(file, display, text) {
      const entry = entries.get(file);
      if (!entry || entry.digest !== digestOf(display, text)) return undefined;
      used.add(file);
      return entry.parsed;
    },
    remember(file, display, text, parsed) {
      entries.set(file, { digest: digestOf(display, text), parsed });
      used.add(file);
      changed = true;
    },
    async save() {
      if (!changed || !trusted) return;
      // Most recently used last, so the oldest are the first to go.
      const ordered = [...entries].sort(([a], [b]) => Number(used.has(a)) - Number(used.has(b)));
      const file: CacheFile = { build: options.build, entries: ordered.slice(-MAX_ENTRIES) };
      // A name no other process writing the same cache uses at the same time.
      const temp = `${path}.${randomUUID()}.tmp`;
      try {
        await mkdir(options.dir, { recursive: true, mode: 0o700 });
        await writeFile(temp, serialize(file), { mode: 0o600 });
        await rename(temp, path);
        await removeUnusedFiles(options.dir, Date.now());
      } catch {
        await rm(temp, { force: true }).catch(() => undefined);
      }
    },
  };
}
