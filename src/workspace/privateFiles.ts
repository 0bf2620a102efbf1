import { userInfo } from 'node:os';

/**
 * Whether a cached file or its folder can be trusted (docs/cli.md, "Caching"): this user owns it and nobody
 * else can write it, so a cache planted by someone else (a shared RUNNER_CACHE_DIR) cannot change what runs.
 * Takes what `stat` returned, so synchronous and asynchronous callers share the one rule.
 */
export function isPrivate(info: { uid: number; mode: number }): boolean {
  const uid = userInfo().uid;
  // uid -1: a system without owners (Windows), where the check does not apply.
  return uid === -1 || (info.uid === uid && (info.mode & 0o022) === 0);
}
