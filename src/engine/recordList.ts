import { countSteps, type StepCounts, type StepResult } from './results.js';
import type { RecordRetention } from './services.js';

/**
 * The finished records of one list of steps (a scenario's sections, a loop's passes, a pass's steps),
 * counted as they come and kept as the run's `keep` setting says. Listeners have already seen each record
 * when it is added, so a run whose reports render from elsewhere keeps only what failure snapshots, the
 * summary and the github report need: the failed records, at every depth, so a failed loop still tells
 * which pass and which step failed (issue 14, flat memory). A loop stops at its first failed pass, so
 * that stays small however long the loop.
 */
export interface RecordList {
  add(result: StepResult): void;
  /** The records kept, in order: all of them unless the run keeps only failures. */
  readonly kept: StepResult[];
  readonly counts: StepCounts;
  /** A record asked to halt the scenario (an exhausted retry, DECISIONS.md). */
  readonly halted: boolean;
}

export function recordList(keep: RecordRetention | undefined): RecordList {
  const kept: StepResult[] = [];
  const counts = countSteps([]);
  let halted = false;
  return {
    add(result) {
      counts.total++;
      counts[result.status]++;
      if (result.haltsScenario) halted = true;
      if (keep !== 'failed' || result.status === 'failed') kept.push(result);
    },
    kept,
    counts,
    get halted() {
      return halted;
    },
  };
}
