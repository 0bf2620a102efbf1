/**
 * What a workspace's scenario files parsed to, kept between runs. The `yaml` library needs ~1 ms per 500
 * bytes while V8 still interprets it, and checking a scenario costs about as much again, which made loading
 * the dominant cost of a run (bench/throughput). For an unchanged file this keeps its `use` summary and the
 * outcome of checking it (the scenario and its diagnostics), each outcome under a key of everything the
 * checks read besides the file itself (schemas, the environment's names, `use` targets). A file checked in
 * a new context is parsed again: keeping YAML trees too made the cache four times larger, and every run
 * paid to read them. One file per workspace, read before a run starts and replaced whole (atomically) when
 * something changed; a missing, stale or corrupt cache is simply rebuilt, never an error.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ParsedScenario, ScenarioSummary } from '../language/index.js';
import { isPrivate } from './privateFiles.js';
import {
  isStoredScenarioData,
  scenarioFromStore,
  storeScenario,
  type StoredScenarioData,
} from './storedScenario.js';

/** The outcome of checking a file in one context; `key` names the context, given the targets `uses` asked. */
export interface CheckedScenario {
  key: string;
  /** The `use` targets the checks looked up, as written: the key covers what each resolved to. */
  uses: readonly string[];
  result: ParsedScenario;
}

/** What the cache holds for one file's exact text and display name. */
export interface CachedSource {
  readonly summary: ScenarioSummary;
  /** The stored outcome whose key `keyOf` computes again from its `uses`, if any. */
  checked(keyOf: (uses: readonly string[]) => string): ParsedScenario | undefined;
}

export interface ParseCache {
  lookup(file: string, display: string, text: string): CachedSource | undefined;
  /** A file parsed afresh: replaces whatever was kept for `file`. */
  remember(file: string, display: string, text: string, summary: ScenarioSummary): void;
  /** Adds the outcome of checking `file` (whose text was remembered or looked up) in one more context. */
  rememberChecked(file: string, display: string, text: string, checked: CheckedScenario): void;
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

/**
 * A check as the file keeps it: the scenario in its stored form (storedScenario.ts), whose steps stay bytes
 * (views into the file read) until a run reads them.
 */
interface StoredCheck {
  key: string;
  uses: readonly string[];
  diagnostics: ParsedScenario['diagnostics'];
  scenario?: StoredScenarioData;
}

interface Entry {
  digest: string;
  summary: ScenarioSummary;
  /** Newest first, at most MAX_CHECKS (one per environment a project is run against, say). */
  checks: StoredCheck[];
}

/** The layout of the cache file: a file of another layout is ignored, whatever build wrote it. */
const FORMAT = 5;

function storedCheck({ key, uses, result }: CheckedScenario): StoredCheck {
  return {
    key,
    uses,
    diagnostics: result.diagnostics,
    ...(result.scenario ? { scenario: storeScenario(result.scenario) } : {}),
  };
}

/** The outcome a check kept; none when its scenario is not in today's layout (it is checked again). */
function parsedOf(check: StoredCheck): ParsedScenario | undefined {
  if (check.scenario !== undefined && !isStoredScenarioData(check.scenario)) return undefined;
  return {
    diagnostics: check.diagnostics,
    ...(check.scenario ? { scenario: scenarioFromStore(check.scenario) } : {}),
  };
}

interface CacheFile {
  format: number;
  build: string;
  entries: Array<[string, Entry]>;
}

/** Cache files of projects not run for this long are removed when another cache file is written. */
const UNUSED_FILE_MS = 30 * 24 * 60 * 60 * 1000;

const isPrivateFile = (path: string) => isPrivate(statSync(path));

async function removeUnusedFiles(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!/^scenarios-[0-9a-f]{16}\.bin$/.test(name)) continue;
    const file = join(dir, name);
    if (now - (await stat(file)).mtimeMs > UNUSED_FILE_MS) await rm(file, { force: true });
  }
}

/** Entries beyond this many are dropped, least recently used first, so renamed files do not pile up. */
const MAX_ENTRIES = 5_000;
const MAX_CHECKS = 4;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function digestOf(display: string, text: string): string {
  return sha256(`${display}\0${text}`);
}

function isCacheFile(value: unknown, build: string): value is CacheFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as CacheFile).format === FORMAT &&
    (value as CacheFile).build === build &&
    Array.isArray((value as CacheFile).entries)
  );
}

export async function openParseCache(options: ParseCacheOptions): Promise<ParseCache> {
  const path = join(options.dir, `scenarios-${sha256(options.root).slice(0, 16)}.bin`);
  let entries = new Map<string, Entry>();
  let trusted = true;
  try {
    // Read at once: this runs before a run starts, and is its largest file.
    trusted = isPrivateFile(options.dir) && isPrivateFile(path);
    const stored: unknown = trusted ? deserialize(readFileSync(path)) : undefined;
    if (isCacheFile(stored, options.build)) {
      entries = new Map(stored.entries);
    }
  } catch {
    // No cache yet, or one this build cannot read: start empty.
  }
  const used = new Set<string>();
  let changed = false;

  /** The entry for `file` if it was made from exactly this text and display name. */
  const current = (file: string, display: string, text: string): Entry | undefined => {
    const entry = entries.get(file);
    return entry && entry.digest === digestOf(display, text) ? entry : undefined;
  };

  return {
    lookup(file, display, text) {
      const entry = current(file, display, text);
      if (!entry) return undefined;
      used.add(file);
      return {
        summary: entry.summary,
        checked(keyOf) {
          const check = entry.checks.find((stored) => stored.key === keyOf(stored.uses));
          return check ? parsedOf(check) : undefined;
        },
      };
    },
    remember(file, display, text, summary) {
      entries.set(file, { digest: digestOf(display, text), summary, checks: [] });
      used.add(file);
      changed = true;
    },
    rememberChecked(file, display, text, checked) {
      const entry = current(file, display, text);
      if (!entry) return;
      entry.checks = [
        storedCheck(checked),
        ...entry.checks.filter((check) => check.key !== checked.key),
      ].slice(0, MAX_CHECKS);
      changed = true;
    },
    async save() {
      if (!changed || !trusted) return;
      // Most recently used last, so the oldest are the first to go.
      const ordered = [...entries].sort(([a], [b]) => Number(used.has(a)) - Number(used.has(b)));
      const file: CacheFile = {
        format: FORMAT,
        build: options.build,
        entries: ordered.slice(-MAX_ENTRIES),
      };
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
