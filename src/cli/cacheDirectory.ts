import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder where runner keeps what it can always rebuild (docs/cli.md, "Caching"): `RUNNER_CACHE_DIR`,
 * else `$XDG_CACHE_HOME/runner`, else `~/.cache/runner`; undefined when `RUNNER_NO_CACHE` is set (not `0`).
 */
export function cacheDirectory(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const off = env.RUNNER_NO_CACHE;
  if (off !== undefined && off !== '' && off !== '0') return undefined;
  return env.RUNNER_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'runner');
}
