import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A path as the user would write it: relative to `cwd` when inside it, else absolute (DECISIONS, Exit codes). */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
}

/**
 * A path shown to the user (relative to `cwd`, or absolute) as seen from `base`, with `/` separators: what CI
 * tools want (CTRF's `filePath` from the project root, GitHub annotations from `GITHUB_WORKSPACE`). A path
 * outside `base` stays as it was resolved, absolute.
 */
export function pathFrom(base: string, cwd: string, shown: string): string {
  const absolute = resolve(cwd, shown);
  const rel = relative(base, absolute);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? absolute : rel.split(sep).join('/');
}
