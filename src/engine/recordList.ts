import { countSteps, type StepCounts, type StepResult } from './results.js';
import type { RecordRetention } from './services.js';

/**
 * The finished records of one list of steps (a scenario's sections, a loop's passes, a pass's steps),
 * counted as they come and kept as the run's `keep` setting says. Listeners have already seen each record
 * when it is added, so a run that writes no report keeps only what failure snapshots need: the failed
 * top-level steps (issue 14, flat memory).
 */
export interface RecordList {
  add(result: StepResult): void;
  /** The records kept, in order: all of them unless the run keeps only failures. */
  readonly kept: StepResult[];
  readonly counts: StepCounts;
  /** A record asked to halt the scenario (an exhausted retry, DECISIONS.md). */
  readonly halted: boolean;
}

export function recordList(keep: RecordRetention | undefined, topLevel: boolean): RecordList {
  const kept: StepResult[] = [];
  const counts = countSteps([]);
  let halted = false;
  return {
    add(result) {
      counts.total++;
      counts[result.status]++;
      if (result.haltsScenario) halted = true;
      if (keep !== 'failed' || (topLevel && result.status === 'failed')) kept.push(result);
    },
    kept,
    counts,
    get halted() {
      return halted;
    },
  };
}
