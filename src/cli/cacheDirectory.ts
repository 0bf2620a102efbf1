import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPrivate } from '../workspace/privateFiles.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The folder where runner keeps what it can always rebuild (DECISIONS.md, "Platform"; docs/cli.md,
 * "Caching"): `$XDG_CACHE_HOME/runner`, else `$HOME/.cache/runner`; `RUNNER_CACHE_DIR` overrides both, and
 * `RUNNER_NO_CACHE` (anything but `0`) turns caching off. Undefined when off or when there is no HOME.
 */
export function cacheDirectory(env: Env): string | undefined {
  const off = env.RUNNER_NO_CACHE;
  if (off !== undefined && off !== '' && off !== '0') return undefined;
  if (env.RUNNER_CACHE_DIR) return env.RUNNER_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'runner');
  // Without HOME (a bare container, `env -u HOME`) there is no cache, rather than one in whatever folder
  // the password database names.
  const home = env.HOME || env.USERPROFILE;
  return home ? join(home, '.cache', 'runner') : undefined;
}

/**
 * `folder` created (0700) if needed and returned when this user owns it and nobody else can write it;
 * undefined otherwise (read-only home, a folder someone else planted): the cache is then skipped silently.
 */
export function privateFolder(folder: string): string | undefined {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return isPrivate(statSync(folder)) ? folder : undefined;
  } catch {
    return undefined;
  }
}
