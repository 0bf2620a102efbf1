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
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ParsedScenario, ScenarioSummary } from '../language/index.js';
import { isPrivate } from './privateFiles.js';
import { readRange, SectionFile } from './sectionFile.js';
import {
  scenarioFromStore,
  storeScenario,
  StoredSections,
  type SectionLengths,
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
 * A check as a run keeps it: the scenario in its stored form (storedScenario.ts), whose steps stay bytes in
 * the cache file (or, parsed this run, in memory until the cache is written) until a run reads them.
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
const FORMAT = 6;

/**
 * The file: MAGIC, the index's length (4 bytes, little-endian), the index (CacheFile, serialized), then
 * every stored scenario's sections one after the other. Opening the cache reads the index only; a run reads
 * a scenario's sections from the file when it runs it.
 */
const MAGIC = Buffer.from(`runner parse cache ${FORMAT}\n`, 'latin1');
const HEAD_BYTES = MAGIC.byteLength + 4;

/** A stored scenario in the index: its small fields, and where its sections are in the section area. */
interface IndexedScenario {
  header: StoredScenarioData['header'];
  uses: boolean;
  at: number;
  lengths: SectionLengths;
}

type IndexedCheck = Omit<StoredCheck, 'scenario'> & { scenario?: IndexedScenario };
type IndexedEntry = Omit<Entry, 'checks'> & { checks: IndexedCheck[] };

function storedCheck({ key, uses, result }: CheckedScenario): StoredCheck {
  return {
    key,
    uses,
    diagnostics: result.diagnostics,
    ...(result.scenario ? { scenario: storeScenario(result.scenario) } : {}),
  };
}

function parsedOf(check: StoredCheck): ParsedScenario {
  return {
    diagnostics: check.diagnostics,
    ...(check.scenario ? { scenario: scenarioFromStore(check.scenario) } : {}),
  };
}

interface CacheFile {
  format: number;
  build: string;
  entries: Array<[string, IndexedEntry]>;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether an indexed scenario has today's layout and its sections lie within `file`. */
function isIndexedScenario(value: unknown, file: SectionFile): value is IndexedScenario {
  const scenario = value as Partial<IndexedScenario> | null;
  return (
    typeof scenario?.header === 'object' &&
    scenario.header !== null &&
    typeof scenario.uses === 'boolean' &&
    isCount(scenario.at) &&
    Array.isArray(scenario.lengths) &&
    scenario.lengths.length === 3 &&
    scenario.lengths.every(isCount) &&
    scenario.at + scenario.lengths[0] + scenario.lengths[1] + scenario.lengths[2] <= file.size
  );
}

/** An entry as a run keeps it; a check whose scenario is not in today's layout is dropped (checked again). */
function entryFromIndex(entry: IndexedEntry, file: SectionFile): Entry {
  const checks: StoredCheck[] = [];
  for (const { scenario, ...check } of entry.checks) {
    if (scenario === undefined) checks.push(check);
    else if (isIndexedScenario(scenario, file)) {
      const { at, lengths, ...data } = scenario;
      checks.push({ ...check, scenario: { ...data, sections: StoredSections.inFile(file, at, lengths) } });
    }
  }
  return { ...entry, checks };
}

/**
 * The entries of the cache file at `path`, whose sections stay in it; none when it is missing, of another
 * layout or build, or damaged. Each run's stored scenarios keep the file open (SectionFile), so a newer
 * cache written over it meanwhile changes nothing they read.
 */
function readCacheFile(path: string, build: string): Map<string, Entry> {
  const fd = openSync(path, 'r');
  let file: SectionFile | undefined;
  try {
    const size = fstatSync(fd).size;
    const head = readRange(fd, 0, HEAD_BYTES);
    if (head === undefined || !head.subarray(0, MAGIC.byteLength).equals(MAGIC)) return new Map();
    const indexBytes = readRange(fd, HEAD_BYTES, head.readUInt32LE(MAGIC.byteLength));
    const stored: unknown = indexBytes && deserialize(indexBytes);
    if (indexBytes === undefined || !isCacheFile(stored, build)) return new Map();
    const base = HEAD_BYTES + indexBytes.byteLength;
    const opened = (file = new SectionFile(fd, base, size - base));
    return new Map(stored.entries.map(([name, entry]) => [name, entryFromIndex(entry, opened)]));
  } catch {
    return new Map();
  } finally {
    // Once a SectionFile holds the descriptor, it closes it when no stored scenario needs it any more.
    if (file === undefined) closeSync(fd);
  }
}

/**
 * The cache file's bytes for `entries` (HEAD, index, section area), and where each stored scenario's
 * sections land in the section area. Sections still in the file being replaced are read from it.
 */
function cacheFileBytes(
  build: string,
  entries: Array<[string, Entry]>,
): { chunks: Uint8Array[]; placed: Array<[StoredSections, number]> } {
  const sections: Uint8Array[] = [];
  const placed: Array<[StoredSections, number]> = [];
  let at = 0;
  const indexed = entries.map(([name, entry]): [string, IndexedEntry] => [
    name,
    {
      ...entry,
      checks: entry.checks.map(({ scenario, ...check }) => {
        if (scenario === undefined) return check;
        const { sections: stored, ...data } = scenario;
        sections.push(...stored.pieces());
        placed.push([stored, at]);
        const indexedScenario: IndexedScenario = { ...data, at, lengths: stored.lengths };
        at += stored.byteLength;
        return { ...check, scenario: indexedScenario };
      }),
    },
  ]);
  const index = serialize({ format: FORMAT, build, entries: indexed } satisfies CacheFile);
  const head = Buffer.alloc(HEAD_BYTES);
  MAGIC.copy(head);
  head.writeUInt32LE(index.byteLength, MAGIC.byteLength);
  return { chunks: [head, index, ...sections], placed };
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

/**
 * Writes `chunks` to a new private file in one gathered write: a write per scenario made saving 2,000 files
 * several times slower, and joining them first doubled the bytes held while a cold run saves.
 */
async function writeChunks(path: string, chunks: Uint8Array[]): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    const { bytesWritten } = await handle.writev(chunks);
    if (bytesWritten !== chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)) {
      throw new Error('the parse cache was not written whole');
    }
  } finally {
    await handle.close();
  }
}

/** The section area of the cache file just written at `path` from `chunks`, open for reading. */
function openSectionArea(path: string, chunks: Uint8Array[]): SectionFile {
  const base = chunks[0]!.byteLength + chunks[1]!.byteLength;
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0) - base;
  return new SectionFile(openSync(path, 'r'), base, size);
}

export async function openParseCache(options: ParseCacheOptions): Promise<ParseCache> {
  const path = join(options.dir, `scenarios-${sha256(options.root).slice(0, 16)}.bin`);
  let entries = new Map<string, Entry>();
  let trusted = true;
  try {
    trusted = isPrivateFile(options.dir) && isPrivateFile(path);
    if (trusted) entries = readCacheFile(path, options.build);
  } catch {
    // No cache yet: start empty.
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
      const { chunks, placed } = cacheFileBytes(options.build, ordered.slice(-MAX_ENTRIES));
      // A name no other process writing the same cache uses at the same time.
      const temp = `${path}.${randomUUID()}.tmp`;
      let written: SectionFile | undefined;
      try {
        await mkdir(options.dir, { recursive: true, mode: 0o700 });
        await writeChunks(temp, chunks);
        written = openSectionArea(temp, chunks);
        await rename(temp, path);
      } catch {
        await rm(temp, { force: true }).catch(() => undefined);
        return;
      }
      // The sections parsed this run leave memory, and those of the replaced file follow to the new one.
      for (const [sections, at] of placed) sections.movedTo(written, at);
      await removeUnusedFiles(options.dir, Date.now()).catch(() => undefined);
    },
  };
}
