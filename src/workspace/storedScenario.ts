/**
 * A scenario kept compact until it runs (issue 24, flat memory). A run plans every file before the first
 * request, but a parsed scenario with its source positions costs ~14 KB of heap, and V8 lets the heap grow
 * to a multiple of what it holds live: 2,000 files held as objects made the whole run's peak memory grow
 * with the number of files. A stored scenario keeps its name, tags and the other small fields as they are,
 * and each section (setup, steps, teardown) as serialized bytes, made into objects again each time it is
 * read: the engine reads each section once per execution (~45 µs for 10 steps), and the objects are
 * garbage once it has finished. The bytes (~4 KB a file) stay in the parse cache file where it has them,
 * read back when a section is read, so a run of thousands of files holds none of them.
 */
import type { Scenario, Step } from '../language/index.js';
import { decodeSection, EMPTY_SECTION_BYTES, encodeSection } from './sectionBytes.js';
import type { SectionFile } from './sectionFile.js';

type Sections = Pick<Scenario, 'setup' | 'steps' | 'teardown'>;
type SectionName = keyof Sections;

/** The sections in the order a cache file keeps them, one after the other. */
const SECTION_NAMES: readonly SectionName[] = ['setup', 'steps', 'teardown'];

/** The byte length of each section, in SECTION_NAMES order. */
export type SectionLengths = readonly [number, number, number];

/** Where a stored scenario's serialized sections are: in memory, or in a range of an open file. */
export class StoredSections {
  private file: SectionFile | undefined;
  private at = 0;

  private constructor(
    private bytes: Record<SectionName, Uint8Array> | undefined,
    readonly lengths: SectionLengths,
  ) {}

  static inMemory(bytes: Record<SectionName, Uint8Array>): StoredSections {
    return new StoredSections(bytes, [
      bytes.setup.byteLength,
      bytes.steps.byteLength,
      bytes.teardown.byteLength,
    ]);
  }

  /** Sections that `file` holds from `at` on, one after the other. */
  static inFile(file: SectionFile, at: number, lengths: SectionLengths): StoredSections {
    const sections = new StoredSections(undefined, lengths);
    sections.movedTo(file, at);
    return sections;
  }

  get byteLength(): number {
    return this.lengths[0] + this.lengths[1] + this.lengths[2];
  }

  /**
   * Whether a section holds no steps, told by its length alone: it is then read as `[]` without reading or
   * decoding its bytes (most scenarios have no setup or teardown).
   */
  isEmpty(name: SectionName): boolean {
    return this.lengths[SECTION_NAMES.indexOf(name)] === EMPTY_SECTION_BYTES;
  }

  /**
   * One section's bytes, to deserialize at once: read from the file each time when it holds them, into a
   * buffer the next read reuses (a scenario's steps hold only strings, numbers, booleans and null, so
   * nothing deserialized points into it).
   */
  read(name: SectionName): Uint8Array {
    if (this.bytes) return this.bytes[name];
    const index = SECTION_NAMES.indexOf(name);
    let at = this.at;
    for (let i = 0; i < index; i += 1) at += this.lengths[i]!;
    return this.file!.read(at, this.lengths[index]!);
  }

  /** The three sections one after the other, as a cache file keeps them: the bytes, or a copy of its own. */
  pieces(): Uint8Array[] {
    if (this.file) return [Buffer.from(this.file.read(this.at, this.byteLength))];
    return SECTION_NAMES.map((name) => this.bytes![name]);
  }

  /** The same bytes were written at `at` of `file`: read them there from now on, and free the memory. */
  movedTo(file: SectionFile, at: number): void {
    this.file = file;
    this.at = at;
    this.bytes = undefined;
  }
}

/** A stored scenario as data (what the parse cache keeps): the small fields, and its sections' bytes. */
export interface StoredScenarioData {
  header: Omit<Scenario, keyof Sections>;
  sections: StoredSections;
  /** Whether any section has a `use` step (at any depth): composition follows only those. */
  uses: boolean;
}

/** The data behind each stored scenario object, so storing it again (or moving it) never serializes. */
const dataOf = new WeakMap<Scenario, StoredScenarioData>();

/** A section may be absent from a partial model (tests build a few fields): it has no steps then. */
function hasUse(steps: readonly Step[] | undefined): boolean {
  return (steps ?? []).some(
    (step) =>
      step.kind === 'use' ||
      (step.kind === 'repeat' && hasUse(step.repeat.steps)) ||
      (step.kind === 'for_each' && hasUse(step.forEach.steps)),
  );
}

/** The stored form of `scenario` (its own bytes when it is stored already). */
export function storeScenario(scenario: Scenario): StoredScenarioData {
  const known = dataOf.get(scenario);
  if (known) return known;
  const { setup, steps, teardown, ...header } = scenario;
  return {
    header,
    sections: StoredSections.inMemory({
      setup: encodeSection(setup),
      steps: encodeSection(steps),
      teardown: encodeSection(teardown),
    }),
    uses: hasUse(setup) || hasUse(steps) || hasUse(teardown),
  };
}

/**
 * A Scenario over stored data: the small fields are plain properties, each section a getter that makes a
 * fresh copy of its steps (nothing of them is kept between reads).
 */
export function scenarioFromStore(data: StoredScenarioData): Scenario {
  const read = (section: SectionName) => (): Step[] =>
    data.sections.isEmpty(section) ? [] : (decodeSection(data.sections.read(section)) as Step[]);
  const scenario = Object.defineProperties(
    { ...data.header },
    {
      setup: { get: read('setup'), enumerable: true },
      steps: { get: read('steps'), enumerable: true },
      teardown: { get: read('teardown'), enumerable: true },
    },
  ) as Scenario;
  dataOf.set(scenario, data);
  return scenario;
}

/** `scenario` kept in its compact form (a stored copy when it was plain). */
export function compactScenario(scenario: Scenario): Scenario {
  return dataOf.has(scenario) ? scenario : scenarioFromStore(storeScenario(scenario));
}

/** `scenario` with its absolute path set, stored as it was (a spread would read every section). */
export function withScenarioPath(scenario: Scenario, path: string): Scenario {
  const data = dataOf.get(scenario);
  return data ? scenarioFromStore({ ...data, header: { ...data.header, path } }) : { ...scenario, path };
}

/** Whether a `use` step may be in `scenario` (stored ones know without reading their steps). */
export function mayUseOthers(scenario: Scenario): boolean {
  const data = dataOf.get(scenario);
  return data ? data.uses : hasUse(scenario.setup) || hasUse(scenario.steps) || hasUse(scenario.teardown);
}

/**
 * Whether `word` (plain ASCII) is anywhere in `scenario`, as `JSON.stringify(scenario).includes(word)` says,
 * without making a stored scenario's steps into objects: a section is JSON text in UTF-8 (where an ASCII
 * word is spelled as in Latin-1) or V8's format, which writes each string as Latin-1 or as UTF-16, so both
 * spellings are looked for in the bytes.
 */
export function scenarioMentions(scenario: Scenario, word: string): boolean {
  const data = dataOf.get(scenario);
  if (!data) return JSON.stringify(scenario).includes(word);
  if (JSON.stringify(data.header).includes(word)) return true;
  const latin1 = Buffer.from(word, 'latin1');
  const utf16 = Buffer.from(word, 'utf16le');
  return SECTION_NAMES.some((name) => {
    const section = data.sections.read(name);
    const bytes = Buffer.from(section.buffer, section.byteOffset, section.byteLength);
    return bytes.includes(latin1) || bytes.includes(utf16);
  });
}
