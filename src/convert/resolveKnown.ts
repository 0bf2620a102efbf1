/**
 * Interpolation that resolves only what is known before a run: references to variables in `scope` (the
 * environment's variables and `$accounts`). Everything else — saved variables, loop items, generators,
 * function calls — stays as written, so the cURL command shows what is filled in at run time. `$$` is `$`.
 */
import {
  interpolate,
  valueAsText,
  type ExpressionRuntime,
  type VariableScope,
} from '../expressions/index.js';
import { partEnd } from '../expressions/referenceSyntax.js';
import { parseTemplate } from '../expressions/templateParser.js';

/** Only references are evaluated here, and a reference never asks for the time or a random number. */
const NO_RUNTIME: ExpressionRuntime = {
  now: () => new Date(Number.NaN),
  random: () => Number.NaN,
  uuid: () => '',
};

/** Wraps a reference left unresolved, so a caller can tell it from a literal `$` (written `$$`). */
export const UNRESOLVED_OPEN = '\uE002';
export const UNRESOLVED_CLOSE = '\uE003';

export function resolveKnown(text: string, scope: VariableScope, markUnresolved = false): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '$' && text[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    const end = ch === '$' || (ch === '{' && text[i + 1] === '{') ? partEnd(text, i, text.length) : undefined;
    if (end === undefined) {
      out += ch;
      i += 1;
      continue;
    }
    const part = text.slice(i, end);
    const resolved = resolvePart(part, scope);
    // A whole-value reference keeps its type, as in a run (`body: $payload` is the object).
    if (resolved && i === 0 && end === text.length) return resolved.value;
    out += resolved
      ? valueAsText(resolved.value)
      : markUnresolved
        ? `${UNRESOLVED_OPEN}${part}${UNRESOLVED_CLOSE}`
        : part;
    i = end;
  }
  return out;
}

/** Strings in a map or list resolved, map keys too (request bodies interpolate keys). */
export function resolveKnownDeep(value: unknown, scope: VariableScope): unknown {
  if (typeof value === 'string') return resolveKnown(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveKnownDeep(item, scope));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      valueAsText(resolveKnown(key, scope)),
      resolveKnownDeep(item, scope),
    ]),
  );
}

export function resolveKnownText(text: string, scope: VariableScope): string {
  return valueAsText(resolveKnown(text, scope));
}

function resolvePart(part: string, scope: VariableScope): { value: unknown } | undefined {
  const { node, errors } = parseTemplate(part);
  if (errors.length > 0 || node.kind !== 'reference' || !scope.has(node.name)) return undefined;
  try {
    return { value: interpolate(part, scope, NO_RUNTIME) };
  } catch {
    // A path that does not resolve (`$accounts.admin.missing`) stays as written.
    return undefined;
  }
}
