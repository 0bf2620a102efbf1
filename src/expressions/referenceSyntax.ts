/**
 * The reference forms of templates that need no recursion (bare paths, `${...}` paths and `{{...}}`), and
 * measuring any part without parsing it.
 */
import { ExpressionError } from '../diagnostics/errors.js';
import type { LiteralNode, ValueNode } from './ast.js';
import {
  DELIMITED_NAME,
  isBareNameChar,
  isFunctionName,
  isGeneratorName,
  isNameStart,
  type FunctionName,
} from './names.js';
import { parsePath } from './path.js';
import { findClosing, trimRange, type Range } from './scanning.js';

/** A node read from the text, and the index just past it. */
export interface Scanned {
  node: ValueNode;
  end: number;
}

export function literal(value: LiteralNode['value'], offset: number): LiteralNode {
  return { kind: 'literal', value, offset };
}

/**
 * Where the path after a bare `$name` ends: `.field` (letters, digits, `_`) and `[0]` / `["key"]` continue
 * it; anything else — a `-`, a `.` not followed by a name char, `[text]` — is text after the reference.
 */
export function scanBarePath(text: string, from: number, end: number): number {
  let i = from;
  while (i < end) {
    if (text[i] === '.' && i + 1 < end && isBareNameChar(text[i + 1])) {
      i += 2;
      while (i < end && isBareNameChar(text[i])) i++;
    } else if (text[i] === '[') {
      const close = text.indexOf(']', i);
      if (close < 0 || close >= end) break;
      const inner = text.slice(i + 1, close).trim();
      if (!/^-?\d+$/.test(inner) && !/^(['"]).*\1$/s.test(inner)) break;
      i = close + 1;
    } else {
      break;
    }
  }
  return i;
}

/** `range` covers the name and path, without `$`, `${` or `{{`; `offset` is where the reference starts. */
export function parseReference(
  text: string,
  range: Range,
  offset: number,
  errors: ExpressionError[],
): ValueNode {
  try {
    const [name, ...path] = parsePath(text.slice(range.start, range.end));
    return { kind: 'reference', name: String(name), path, offset };
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    errors.push(new ExpressionError(error.code, error.message, range.start + error.offset, error.hint));
    return literal(text.slice(offset, range.end), offset);
  }
}

/**
 * `{{name}}` or `{{ name.field }}` (example variables; SPEC, Scenario). These always read a variable, even
 * one named like a generator. Anything else between `{{ }}` is text, so other template syntaxes pass through.
 */
export function scanExampleReference(text: string, pos: number, end: number): Scanned | undefined {
  const close = text.indexOf('}}', pos + 2);
  if (close < 0 || close + 2 > end) return undefined;
  const range = trimRange(text, pos + 2, close);
  const content = text.slice(range.start, range.end);
  const name = DELIMITED_NAME.exec(content)?.[0];
  const rest = content.slice(name?.length ?? 0);
  if (name === undefined || (rest !== '' && !rest.startsWith('.') && !rest.startsWith('['))) return undefined;
  const errors: ExpressionError[] = [];
  const node = parseReference(text, range, pos, errors);
  return errors.length === 0 ? { node, end: close + 2 } : undefined;
}

/**
 * Where the `$…` or `{{…}}` part at `pos` ends, as the template parser reads it (scanPart), found without
 * parsing what is inside; undefined when the characters there are plain text.
 */
export function partEnd(text: string, pos: number, end: number): number | undefined {
  if (text[pos] === '{') return scanExampleReference(text, pos, end)?.end;
  if (pos + 1 >= end) return undefined;
  if (text[pos + 1] === '{') return closedEnd(findClosing(text, pos + 1, end), end);
  if (!isNameStart(text[pos + 1])) return undefined;
  const { name, nameEnd, call } = bareName(text, pos, end);
  if (call !== undefined) return closedEnd(findClosing(text, nameEnd, end), end);
  return isGeneratorName(name) ? nameEnd : scanBarePath(text, nameEnd, end);
}

/** Just past a closing bracket; an unclosed one makes the part run to `end` (scanBare, scanBraced). */
function closedEnd(close: number, end: number): number {
  return close < 0 ? end : close + 1;
}

/** The name after the `$` at `pos`; `call` is set when it is a function name followed by `(`. */
export function bareName(
  text: string,
  pos: number,
  end: number,
): { name: string; nameEnd: number; call: FunctionName | undefined } {
  let j = pos + 1;
  while (j < end && isBareNameChar(text[j])) j++;
  const name = text.slice(pos + 1, j);
  return { name, nameEnd: j, call: text[j] === '(' && j < end && isFunctionName(name) ? name : undefined };
}
