import { RunnerError } from '../diagnostics/errors.js';
import type { Scenario } from '../language/model.js';

/** `--shard i/n`: this machine's part of a run split across n (DECISIONS.md, "Running at scale"). */
export interface Shard {
  /** 1-based, as written. */
  index: number;
  total: number;
  /** Where it came from (`--shard`, or the CI variables `--shard auto` read), for the line a run prints. */
  source?: string;
}

/**
 * The files of shard i/n: those whose position in the sorted list, counted from 0, is congruent to i-1
 * modulo n. Every file lands in exactly one shard, and the split depends only on the list of files.
 */
export function filesOfShard<T>(sortedFiles: readonly T[], shard: Shard): T[] {
  return sortedFiles.filter((_, position) => position % shard.total === shard.index - 1);
}

/** `--tag` given several times requires all of them (SPEC, Commands: several tags combine by AND). */
export function selectByTags(scenarios: readonly Scenario[], tags: readonly string[]): Scenario[] {
  return scenarios.filter((scenario) => tags.every((tag) => scenario.tags.includes(tag)));
}

/**
 * `--grep <text>`: scenarios whose name contains the text (ignoring case), or, written `/re/flags`, matches
 * the regular expression (JavaScript syntax: it comes from the command line, not from a scenario file).
 */
export function scenarioNameFilter(pattern: string): (name: string) => boolean {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (regex === null) {
    const needle = pattern.toLowerCase();
    return (name) => name.toLowerCase().includes(needle);
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, ''));
  } catch (error) {
    throw new RunnerError(
      'cli.grep',
      `invalid regular expression in --grep ${pattern}: ${error instanceof Error ? error.message : String(error)}`,
      { hint: 'write `--grep text` to match part of a name, or `--grep /regular expression/i`' },
    );
  }
  return (name) => compiled.test(name);
}
