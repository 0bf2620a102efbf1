import { buildInfo } from './buildInfo.js';
import { cacheDirectory } from './cacheDirectory.js';
import type { CliIo } from './io.js';

/**
 * Where parsed scenario files are kept between runs (docs/cli.md, "Caching"): the cache folder
 * (`cacheDirectory`), or nowhere. Each build of runner has its own entries, so an upgrade never reads what
 * an older parser wrote.
 */
export function parseCacheOptions(io: Pick<CliIo, 'env'>): { dir: string; build: string } | undefined {
  // Not built (tests running the source): no build identity, so an entry could outlive a parser change.
  if (buildInfo.builtAt === new Date(0).toISOString()) return undefined;
  const dir = cacheDirectory(io.env);
  if (dir === undefined) return undefined;
  return { dir, build: `${buildInfo.version}+${buildInfo.commit}+${buildInfo.builtAt}` };
}
