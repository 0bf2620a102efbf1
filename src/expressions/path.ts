import { ExpressionError } from '../diagnostics/errors.js';

/** One step of a path: a field name or an array index. */
export type PathSegment = string | number;

/** `[*]`: every item of a list (DECISIONS, Wave 2 "Body paths"). */
export interface WildcardSegment {
  readonly wildcard: true;
}
/** `[$i]`: an index (or key) read from a variable when the path is looked up. */
export interface VariableSegment {
  readonly variable: string;
}
/** A segment of a response path: the plain ones, plus `[*]` and `[$name]`. */
export type QuerySegment = PathSegment | WildcardSegment | VariableSegment;

const WILDCARD: WildcardSegment = Object.freeze({ wildcard: true });

/**
 * Parses `items[0].id`, `a.b`, `["key.with.dots"]`, `[-1]` into segments. Field names may contain any
 * character but `.` and `[`; bracket-quoted names may contain anything.
 */
export function parsePath(text: string): PathSegment[] {
  return parseSegments(text, false) as PathSegment[];
}

/** parsePath for `expect` and `save` paths, which also take `[*]` and `[$name]`. */
export function parseQueryPath(text: string): QuerySegment[] {
  return parseSegments(text, true);
}

const VARIABLE_INDEX = /^\$([A-Za-z0-9_][A-Za-z0-9_-]*)$/;

function parseSegments(text: string, query: boolean): QuerySegment[] {
  const segments: QuerySegment[] = [];
  let i = 0;
  const fail = (message: string): never => {
    throw new ExpressionError('path.syntax', `invalid path \`${text}\`: ${message}`, i);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '.') {
      if (i === 0 || i === text.length - 1 || text[i + 1] === '.') fail('empty field name');
      i++;
      continue;
    }
    if (ch === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) fail('missing `]`');
      const inner = text.slice(i + 1, close).trim();
      const quoted = /^(['"])(.*)\1$/s.exec(inner);
      const variable = query ? VARIABLE_INDEX.exec(inner) : null;
      if (quoted) segments.push(quoted[2]!);
      else if (/^-?\d+$/.test(inner)) segments.push(Number(inner));
      else if (query && inner === '*') segments.push(WILDCARD);
      else if (variable) segments.push({ variable: variable[1]! });
      else fail(`\`[${inner}]\` is not an index; quote field names: ["${inner}"]`);
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < text.length && text[end] !== '.' && text[end] !== '[') end++;
    segments.push(text.slice(i, end));
    i = end;
  }
  return segments;
}

export function formatPath(segments: readonly QuerySegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'object') out += 'wildcard' in segment ? '[*]' : `[$${segment.variable}]`;
    else if (/^[^.[\]]+$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

export type Lookup =
  | { found: true; value: unknown }
  /** `resolved` is how far the path got; `available` lists the keys (or index range) found there. */
  | { found: false; resolved: PathSegment[]; available: string[] };

function describeAvailable(value: unknown): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : [`[0]..[${value.length - 1}]`];
  if (value !== null && typeof value === 'object') return Object.keys(value);
  return [];
}

/** Follows `segments` into `root`. Negative indexes count from the end. Object keys match exactly. */
export function lookupPath(root: unknown, segments: readonly PathSegment[]): Lookup {
  let current: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (Array.isArray(current) && typeof segment === 'number') {
      const index = segment < 0 ? current.length + segment : segment;
      if (index < 0 || index >= current.length) {
        return { found: false, resolved: segments.slice(0, i), available: describeAvailable(current) };
      }
      current = current[index];
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      Object.prototype.hasOwnProperty.call(current, String(segment))
    ) {
      current = (current as Record<string, unknown>)[String(segment)];
    } else {
      return { found: false, resolved: segments.slice(0, i), available: describeAvailable(current) };
    }
  }
  return { found: true, value: current };
}
