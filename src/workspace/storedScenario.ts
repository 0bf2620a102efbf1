/**
 * A scenario kept compact until it runs (issue 24, flat memory). A run plans every file before the first
 * request, but a parsed scenario with its source positions costs ~14 KB of heap, and V8 lets the heap grow
 * to a multiple of what it holds live: 2,000 files held as objects made the whole run's peak memory grow
 * with the number of files. A stored scenario keeps its name, tags and the other small fields as they are,
 * and each section (setup, steps, teardown) as serialized bytes outside the heap, made into objects again
 * each time it is read: the engine reads each section once per execution (~45 µs for 10 steps), and the
 * objects are garbage once it has finished. The parse cache keeps the same bytes, so a warm run never
 * serializes.
 */
import { deserialize, serialize } from 'node:v8';
import type { Scenario, Step } from '../language/index.js';

type Sections = Pick<Scenario, 'setup' | 'steps' | 'teardown'>;

/** A stored scenario as data (what the parse cache keeps): the small fields, and each section's bytes. */
export interface StoredScenarioData {
  header: Omit<Scenario, keyof Sections>;
  sections: Record<keyof Sections, Uint8Array>;
  /** Whether any section has a `use` step (at any depth): composition follows only those. */
  uses: boolean;
}

/** Whether `value` has the layout of StoredScenarioData (a cache file written by another layout has not). */
export function isStoredScenarioData(value: unknown): value is StoredScenarioData {
  const data = value as Partial<StoredScenarioData> | null;
  return (
    typeof data?.header === 'object' &&
    data.header !== null &&
    typeof data.sections === 'object' &&
    data.sections !== null &&
    [data.sections.setup, data.sections.steps, data.sections.teardown].every(
      (section) => section instanceof Uint8Array,
    )
  );
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
    sections: { setup: serialize(setup), steps: serialize(steps), teardown: serialize(teardown) },
    uses: hasUse(setup) || hasUse(steps) || hasUse(teardown),
  };
}

/**
 * A Scenario over stored data: the small fields are plain properties, each section a getter that makes a
 * fresh copy of its steps (nothing of them is kept between reads).
 */
export function scenarioFromStore(data: StoredScenarioData): Scenario {
  const read = (section: keyof Sections) => () => deserialize(data.sections[section]) as Step[];
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
 * without making a stored scenario's steps into objects: the serializer writes each string as Latin-1 or as
 * UTF-16, so both spellings are looked for in the bytes.
 */
export function scenarioMentions(scenario: Scenario, word: string): boolean {
  const data = dataOf.get(scenario);
  if (!data) return JSON.stringify(scenario).includes(word);
  if (JSON.stringify(data.header).includes(word)) return true;
  const latin1 = Buffer.from(word, 'latin1');
  const utf16 = Buffer.from(word, 'utf16le');
  return Object.values(data.sections).some((section) => {
    const bytes = Buffer.from(section.buffer, section.byteOffset, section.byteLength);
    return bytes.includes(latin1) || bytes.includes(utf16);
  });
}
