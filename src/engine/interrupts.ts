import type { Section } from '../language/model.js';

/**
 * How a run is stopped from outside: Ctrl-C or SIGTERM in the CLI, a cancelled `run` call in MCP
 * (DECISIONS.md, Wave 2 / Platform, "Interrupts").
 */
export interface RunStop {
  /**
   * The first interrupt: requests, cache commands and waits in flight end at once, and the setup and main
   * steps not yet run are skipped. Teardown of every scenario that started still runs.
   */
  run: AbortSignal;
  /** The second interrupt: teardown is skipped too, and what it has in flight ends at once. */
  teardown?: AbortSignal;
}

/** A signal that never fires, for runs nobody can stop (and sections not covered by a stop). */
const NEVER: AbortSignal = new AbortController().signal;

/**
 * The signal that stops a section's steps. Setup and main steps stop at the first interrupt, teardown only
 * at the second. `current` is the signal of the step that holds the section: a composed scenario run from a
 * teardown step keeps running its own steps after the first interrupt, as the teardown that called it does.
 */
export function sectionSignal(
  stop: RunStop | undefined,
  section: Section,
  current?: AbortSignal,
): AbortSignal {
  if (section === 'teardown') return stop?.teardown ?? NEVER;
  return current ?? stop?.run ?? NEVER;
}

/** Why a step did not run after an interrupt. */
export function interruptedReason(section: Section): string {
  return section === 'teardown' ? 'a second interrupt skipped teardown' : 'the run was interrupted';
}
