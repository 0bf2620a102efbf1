import type { RunListener } from './events.js';

type ScenarioHook = 'onScenarioBegin' | 'onStepBegin' | 'onStepEnd';
type Held = {
  [H in ScenarioHook]: { hook: H; event: Parameters<NonNullable<RunListener[H]>>[0] };
}[ScenarioHook];

/**
 * One execution's events, held back until it ends and then passed on together (DECISIONS.md, "Running at
 * scale": with `--jobs`, output is grouped per scenario, never interleaved). Every listener downstream sees
 * each scenario's events as one unbroken block, in the order they happened.
 */
export function groupScenarioEvents(target: RunListener): RunListener {
  const held: Held[] = [];
  return {
    onScenarioBegin: (event) => void held.push({ hook: 'onScenarioBegin', event }),
    onStepBegin: (event) => void held.push({ hook: 'onStepBegin', event }),
    onStepEnd: (event) => void held.push({ hook: 'onStepEnd', event }),
    onScenarioEnd(result) {
      for (const entry of held.splice(0)) {
        switch (entry.hook) {
          case 'onScenarioBegin':
            target.onScenarioBegin?.(entry.event);
            break;
          case 'onStepBegin':
            target.onStepBegin?.(entry.event);
            break;
          case 'onStepEnd':
            target.onStepEnd?.(entry.event);
            break;
        }
      }
      target.onScenarioEnd?.(result);
    },
  };
}
