import { isAbsolute, relative } from 'node:path';

/** A path as the user would write it: relative to `cwd` when inside it, else absolute (DECISIONS, Exit codes). */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
}
