import type { Step } from '../../language/model.js';

/**
 * Parts of the language that `validate` accepts but this version cannot run yet. A step that uses one fails
 * with a clear message rather than silently doing less than it says.
 */
export function unsupportedFeatures(step: Step): string[] {
  const found: string[] = [];
  const roots = [...step.expect.map((e) => e.path), ...step.save.map((s) => s.source)].map(
    (path) => path.replace(/^count\(/, '').split(/[.[(]/, 1)[0],
  );
  if (roots.includes('jwt')) found.push('`jwt.*` claims');
  if (roots.includes('schema')) found.push('`schema` checks');
  return found;
}
