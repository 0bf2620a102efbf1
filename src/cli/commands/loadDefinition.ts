import type { CommandDefinition, OptionDefinition } from './definitions.js';

/**
 * `runner load` (DECISIONS.md, "Load"): the scenarios as they are, as load. `shared` are run's options this
 * command takes as they are (environment, selection, variables, network), so both say them the same way.
 */
export function loadCommand(shared: readonly OptionDefinition[]): CommandDefinition {
  return {
    name: 'load',
    summary:
      'Run scenarios as load (virtual users or an arrival rate) with thresholds; exit 1 when a threshold fails',
    positionals: [
      {
        name: 'path',
        description: 'a scenario file or directory (as for run); default: all tests, taking turns',
      },
    ],
    options: [
      {
        name: 'vus',
        type: 'string',
        placeholder: 'N',
        description:
          'closed model: N virtual users, each starting an iteration when its last ends; default 1',
      },
      {
        name: 'rate',
        type: 'string',
        placeholder: 'R/s',
        description:
          'open model: R iterations per second (N/s, N/m or N), started on schedule however the server answers',
      },
      {
        name: 'duration',
        short: 'd',
        type: 'string',
        placeholder: 'duration',
        description: 'how long the load lasts, such as 30s or 2m; default 10s',
      },
      {
        name: 'ramp',
        type: 'string',
        placeholder: 'duration',
        description: 'grow the users or the rate linearly from nothing over this long, within --duration',
      },
      {
        name: 'threshold',
        type: 'string',
        multiple: true,
        placeholder: 'rule',
        description:
          'p95<200ms, error_rate<1%, rps>100 or "<step>":p99<1s (any pNN, min, max, mean); repeatable; exit 1 when one fails',
      },
      {
        name: 'max-vus',
        type: 'string',
        placeholder: 'N',
        description:
          'with --rate: at most N iterations at once; an arrival beyond that is dropped and counted; default 1000',
      },
      {
        name: 'shard',
        type: 'string',
        placeholder: 'i/n|auto',
        description:
          'run shard i of n: 1/n of the rate, or its share of the users; merge the load.json files with report merge',
      },
      ...shared,
    ],
    examples: [
      'runner load checkout.yaml --vus 20 --duration 1m',
      'runner load --rate 200/s --duration 5m --ramp 30s --threshold p95<300ms --threshold error_rate<1%',
      'runner load --rate 1000/s --duration 10m --shard 2/4',
    ],
  };
}
