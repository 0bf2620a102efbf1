import { homedir } from 'node:os';
import { join } from 'node:path';
import { buildInfo } from './buildInfo.js';
import type { CliIo } from './io.js';

/**
 * Where parsed scenario files are kept between runs (docs/cli.md, "Caching"): `RUNNER_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/runner`, else `~/.cache/runner`. `RUNNER_NO_CACHE=1` turns it off. Each build of runner
 * has its own entries, so an upgrade never reads what an older parser wrote.
 */
export function parseCacheOptions(io: Pick<CliIo, 'env'>): { dir: string; build: string } | undefined {
  const { env } = io;
  // Not built (tests running the source): no build identity, so an entry could outlive a parser change.
  if (buildInfo.builtAt === new Date(0).toISOString()) return undefined;
  if (env.RUNNER_NO_CACHE !== undefined && env.RUNNER_NO_CACHE !== '' && env.RUNNER_NO_CACHE !== '0') {
    return undefined;
  }
  const dir = env.RUNNER_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'runner');
  return { dir, build: `${buildInfo.version}+${buildInfo.commit}+${buildInfo.builtAt}` };
}
