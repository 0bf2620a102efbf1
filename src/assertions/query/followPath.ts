/**
 * Following a parsed path into a value, explaining where and why it stopped. `[$name]` takes its index (or
 * key) from a variable; `[*]` yields the list of what the rest of the path finds under every item, skipping
 * items where it finds nothing, as a JSONPath wildcard does (DECISIONS, Wave 2 "Body paths").
 */
import { describeType, quoteValue, type VariableScope } from '../../expressions/index.js';
import { formatPath, lookupPath, type PathSegment, type QuerySegment } from '../../expressions/path.js';
import type { Resolved } from './resolved.js';
import { missing } from './resolved.js';

/** Plain segments with every `[$name]` replaced by the variable's value, or why one cannot be. */
function bindVariables(
  segments: readonly QuerySegment[],
  variables: VariableScope | undefined,
): PathSegment[] | string {
  const out: PathSegment[] = [];
  for (const segment of segments) {
    if (typeof segment !== 'object') {
      out.push(segment);
      continue;
    }
    if (!('variable' in segment)) return 'internal: a wildcard reached bindVariables';
    const name = segment.variable;
    if (variables === undefined || !variables.has(name)) return `variable \`$${name}\` is not defined`;
    const value = variables.get(name);
    if (typeof value === 'number' && Number.isInteger(value)) out.push(value);
    else if (typeof value === 'string' && /^-?\d+$/.test(value)) out.push(Number(value));
    else if (typeof value === 'string') out.push(value);
    else return `variable \`$${name}\` is ${quoteValue(value)}, not an index or a field name`;
  }
  return out;
}

function joinPath(rootName: string, segments: readonly QuerySegment[]): string {
  if (segments.length === 0) return rootName;
  const rest = formatPath(segments);
  return rest.startsWith('[') ? `${rootName}${rest}` : `${rootName}.${rest}`;
}

/** Follows plain segments, and on a miss says why: the index range, the type met, or the fields there. */
function followPlain(rootName: string, value: unknown, segments: readonly PathSegment[]): Resolved {
  const lookup = lookupPath(value, segments);
  if (lookup.found) return lookup;
  const reached = joinPath(rootName, lookup.resolved);
  const at = lookupPath(value, lookup.resolved);
  const holder = at.found ? at.value : undefined;
  const next = segments[lookup.resolved.length];
  if (Array.isArray(holder)) {
    const reason =
      typeof next === 'number'
        ? `\`${reached}\` has ${holder.length} item${holder.length === 1 ? '' : 's'}`
        : `\`${reached}\` is an array; use an index such as \`${reached}[0]\` or every item with \`${reached}[*]\``;
    return missing(`path not found: ${reason}`, lookup.available, reached);
  }
  if (holder === null || typeof holder !== 'object') {
    return missing(`path not found: \`${reached}\` is ${describeType(holder)}, not an object`, [], reached);
  }
  if (lookup.available.length === 0)
    return missing(`path not found: \`${reached}\` is an empty object`, [], reached);
  // Name the level only when it is not simply the parent of the missing field.
  const where = lookup.resolved.length === segments.length - 1 ? '' : ` at \`${reached}\``;
  return missing(
    `path not found; available fields${where}: ${lookup.available.join(', ')}`,
    lookup.available,
    reached,
  );
}

function hasQuerySegments(segments: readonly QuerySegment[]): boolean {
  for (const segment of segments) if (typeof segment === 'object') return true;
  return false;
}

/** What the segments after a `[*]` find under each item; items where nothing is found are left out. */
function collectUnder(
  items: readonly unknown[],
  rest: readonly QuerySegment[],
  variables: VariableScope | undefined,
  out: unknown[],
): void {
  for (const item of items) {
    if (rest.length === 0) {
      out.push(item);
      continue;
    }
    const found = followSegments('', item, rest, variables);
    if (found.found) {
      // A nested `[*]` flattens into the one list, as JSONPath does.
      if (hasWildcard(rest) && Array.isArray(found.value)) out.push(...(found.value as unknown[]));
      else out.push(found.value);
    }
  }
}

function hasWildcard(segments: readonly QuerySegment[]): boolean {
  for (const segment of segments) if (typeof segment === 'object' && 'wildcard' in segment) return true;
  return false;
}

/** Follows `segments` (as written under `rootName`) into `value`. */
export function followSegments(
  rootName: string,
  value: unknown,
  segments: readonly QuerySegment[],
  variables: VariableScope | undefined,
): Resolved {
  if (segments.length === 0) return { found: true, value };
  // The common case allocates nothing beyond the lookup itself.
  if (!hasQuerySegments(segments)) return followPlain(rootName, value, segments as PathSegment[]);
  const star = segments.findIndex((segment) => typeof segment === 'object' && 'wildcard' in segment);
  const before = star < 0 ? segments : segments.slice(0, star);
  const bound = bindVariables(before, variables);
  if (typeof bound === 'string') return missing(bound);
  const reached = followPlain(rootName, value, bound);
  if (star < 0 || !reached.found) return reached;
  const holder = reached.value;
  const items = Array.isArray(holder)
    ? holder
    : holder !== null && typeof holder === 'object'
      ? Object.values(holder)
      : undefined;
  if (items === undefined) {
    const where = joinPath(rootName, bound);
    return missing(
      `path not found: \`${where}\` is ${describeType(holder)}; \`[*]\` needs a list or an object`,
    );
  }
  const out: unknown[] = [];
  collectUnder(items, segments.slice(star + 1), variables, out);
  return { found: true, value: out };
}
