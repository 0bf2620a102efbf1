import type { ScenarioCookieJar } from '../../http/index.js';
import type { Section } from '../../language/model.js';
import type { StepResult } from '../results.js';
import type { EngineServices, RunSettings } from '../services.js';
import type { VariableStore } from '../variables.js';

/** What a step executor gets: the scenario's state and the engine's services. */
export interface StepContext {
  scenario: string;
  section: Section;
  depth: number;
  store: VariableStore;
  settings: RunSettings;
  services: EngineServices;
  /** Scenario files being composed, outermost first: a `use` of one of them is a cycle. */
  useStack: readonly string[];
  /**
   * Ends this step's requests, cache commands and waits, and skips the steps after it, when the run is
   * interrupted (see sectionSignal: teardown has its own).
   */
  signal: AbortSignal;
  /** The scenario execution's cookies, shared with `use` fragments; absent with `http.cookies: false`. */
  cookies?: ScenarioCookieJar;
}

/** The fields a step kind fills in; the dispatcher adds index, section, kind, label and location. */
export type StepOutcome = Partial<Omit<StepResult, 'index' | 'section' | 'kind' | 'loc'>> &
  Pick<StepResult, 'status'>;

/** One line for a failure the user must fix in the scenario (an undefined variable, a bad URL). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message + (hintOf(error) ? ` (${hintOf(error)})` : '');
  return String(error);
}

function hintOf(error: Error): string | undefined {
  const hint = (error as { hint?: unknown }).hint;
  return typeof hint === 'string' && hint.length > 0 ? hint : undefined;
}
