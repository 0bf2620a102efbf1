import { RunnerError } from '../diagnostics/errors.js';
import type { Shard } from '../session/index.js';
import type { CliIo } from './io.js';

/** A shard and where it came from, for the line a sharded run prints. */
type ShardChoice = Shard & { source: string };

/**
 * CI systems that split a job across machines, each with its own variables and its own base (DECISIONS.md,
 * "Running at scale"): the index is 0-based on some, 1-based on others. Tried in this order after
 * RUNNER_SHARD.
 */
const CI_SHARD_VARIABLES: readonly { index: string; total: string; base: 0 | 1 }[] = [
  { index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', base: 1 }, // GitLab `parallel:`
  { index: 'CIRCLE_NODE_INDEX', total: 'CIRCLE_NODE_TOTAL', base: 0 }, // CircleCI `parallelism:`
  { index: 'BUILDKITE_PARALLEL_JOB', total: 'BUILDKITE_PARALLEL_JOB_COUNT', base: 0 }, // Buildkite
  { index: 'SYSTEM_JOBPOSITIONINPHASE', total: 'SYSTEM_TOTALJOBSINPHASE', base: 1 }, // Azure Pipelines
  { index: 'JOB_COMPLETION_INDEX', total: 'RUNNER_SHARD_TOTAL', base: 0 }, // Kubernetes Indexed Job
];

function shardError(message: string): RunnerError {
  return new RunnerError('cli.shard', message, {
    hint: 'write --shard i/n with 1 <= i <= n (such as --shard 2/4), or --shard auto in CI',
  });
}

function wholeNumber(text: string, what: string): number {
  if (!/^\d+$/.test(text.trim())) throw shardError(`${what} must be a whole number, got \`${text}\``);
  return Number(text.trim());
}

/** `i/n`, 1-based; i outside 1..n is a usage error (exit 2). */
function checked(index: number, total: number, source: string): ShardChoice {
  if (total < 1) throw shardError(`the shard count must be at least 1, got ${total} (${source})`);
  if (index < 1 || index > total) {
    throw shardError(`shard ${index}/${total} is out of range: i must be from 1 to ${total} (${source})`);
  }
  return { index, total, source };
}

function parseFraction(text: string, source: string): ShardChoice {
  const match = /^\s*(\S+)\s*\/\s*(\S+)\s*$/.exec(text);
  if (match === null) throw shardError(`invalid shard \`${text}\` (${source}): expected i/n`);
  return checked(
    wholeNumber(match[1]!, 'the shard index'),
    wholeNumber(match[2]!, 'the shard count'),
    source,
  );
}

/** `--shard auto`: RUNNER_SHARD, then the first CI system whose index variable is set; none: the whole run. */
function fromEnvironment(env: CliIo['env']): ShardChoice | undefined {
  const runnerShard = env.RUNNER_SHARD;
  if (runnerShard !== undefined && runnerShard !== '') return parseFraction(runnerShard, 'RUNNER_SHARD');
  for (const system of CI_SHARD_VARIABLES) {
    const index = env[system.index];
    if (index === undefined || index === '') continue;
    const total = env[system.total];
    if (total === undefined || total === '') {
      throw shardError(
        `${system.index} is set but ${system.total} is not: cannot tell how many shards there are`,
      );
    }
    const source = `${system.index}=${index}, ${system.total}=${total}`;
    return checked(
      wholeNumber(index, system.index) + (1 - system.base),
      wholeNumber(total, system.total),
      source,
    );
  }
  return undefined;
}

/** The shard `--shard` asks for; undefined runs every file (no flag, or `auto` outside a split CI job). */
export function chooseShard(option: string | undefined, env: CliIo['env']): ShardChoice | undefined {
  if (option === undefined) return undefined;
  if (option.trim() === 'auto') return fromEnvironment(env);
  return parseFraction(option, '--shard');
}
