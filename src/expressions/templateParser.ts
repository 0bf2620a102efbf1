/**
 * Parses templates: text with `$name`, `${name}`, `{{name}}` references, generators (`$uuid`) and function
 * calls (`$int(x)`, `${randomInt(1,5)}`, `$if(cond, a, b)`). Parsing goes on past a syntax error so that
 * `validate` can report every problem; the evaluator never sees a template that had errors.
 *
 * Escapes: `$$` is a literal `$`; a `$` not followed by a name start, `{` or `$` is literal (`costs $5`);
 * `{{` that does not hold a reference is literal. Arguments of functions are quoted strings (literal, no
 * interpolation: `\'`, `\"` and `\\` escape), numbers, `true`/`false`/`null`, nested calls, or templates —
 * a bare word such as `big` is the string "big", `user-$id` concatenates.
 */
import { ExpressionError } from '../diagnostics/errors.js';
import type { Condition, ValueNode } from './ast.js';
import type { OperandSyntax } from './conditionLexer.js';
import { parseConditionRange } from './conditionParser.js';
import { NestingDepth } from './nesting.js';
import {
  DELIMITED_NAME,
  describeArity,
  FUNCTION_ARITY,
  FUNCTION_NAMES,
  isFunctionName,
  isGeneratorName,
  isNameStart,
  suggestFunction,
  type FunctionName,
} from './names.js';
import {
  bareName,
  literal,
  parseReference,
  partEnd,
  scanBarePath,
  scanExampleReference,
  type Scanned,
} from './referenceSyntax.js';
import { findClosing, readStringLiteral, splitArguments, trimRange, type Range } from './scanning.js';

/** A parsed template plus the syntax problems found in it. */
export interface ParsedTemplate {
  node: ValueNode;
  errors: ExpressionError[];
}

/** Problems found so far, and how deep the parse is: function calls nest one level each (nesting.ts). */
export interface ParseState {
  errors: ExpressionError[];
  nesting: NestingDepth;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

export function parseTemplate(text: string): ParsedTemplate {
  const state: ParseState = { errors: [], nesting: new NestingDepth() };
  const node = parseTemplateRange(text, 0, text.length, state);
  return { node, errors: state.errors };
}

/** One part stays typed (a lone `$list` is the array); several parts concatenate to a string. */
function parseTemplateRange(text: string, start: number, end: number, state: ParseState): ValueNode {
  const parts: ValueNode[] = [];
  let buffer = '';
  let bufferStart = start;
  const addText = (chunk: string, at: number): void => {
    if (buffer === '') bufferStart = at;
    buffer += chunk;
  };
  const flush = (): void => {
    if (buffer !== '') parts.push(literal(buffer, bufferStart));
    buffer = '';
  };
  let i = start;
  while (i < end) {
    const ch = text[i] ?? '';
    if (ch === '$' && text[i + 1] === '$' && i + 1 < end) {
      addText('$', i);
      i += 2;
      continue;
    }
    const part =
      ch === '$' || (ch === '{' && text[i + 1] === '{') ? scanPart(text, i, end, state) : undefined;
    if (part) {
      flush();
      parts.push(part.node);
      i = part.end;
    } else {
      addText(ch, i);
      i++;
    }
  }
  flush();
  const [only] = parts;
  if (only === undefined) return literal('', start);
  return parts.length === 1 ? only : { kind: 'concat', parts, offset: start };
}

/** The `$…` or `{{…}}` expression at `pos`, or undefined when the characters there are plain text. */
function scanPart(text: string, pos: number, end: number, state: ParseState): Scanned | undefined {
  if (text[pos] === '{') return scanExampleReference(text, pos, end);
  if (pos + 1 >= end) return undefined;
  if (text[pos + 1] === '{') return scanBraced(text, pos, end, state);
  if (isNameStart(text[pos + 1])) return scanBare(text, pos, end, state);
  return undefined;
}

/** `$name`, `$name.field[0]`, `$uuid`, `$int(...)`. A trailing `.` without a name char after it is text. */
function scanBare(text: string, pos: number, end: number, state: ParseState): Scanned {
  const { name, nameEnd, call } = bareName(text, pos, end);
  if (call !== undefined) {
    const close = findClosing(text, nameEnd, end);
    if (close < 0) {
      state.errors.push(
        new ExpressionError('template.unclosed', `\`$${call}(\` is not closed: add \`)\``, pos),
      );
      return { node: literal(text.slice(pos, end), pos), end };
    }
    return { node: parseCall(text, call, pos, { start: nameEnd + 1, end: close }, state), end: close + 1 };
  }
  if (isGeneratorName(name)) return { node: { kind: 'generator', name, offset: pos }, end: nameEnd };
  const pathEnd = scanBarePath(text, nameEnd, end);
  return { node: parseReference(text, { start: pos + 1, end: pathEnd }, pos, state.errors), end: pathEnd };
}

/** `${name}`, `${1-userId}`, `${list[0].id}`, `${timestamp}`, `${randomInt(1, 5)}`. */
function scanBraced(text: string, pos: number, end: number, state: ParseState): Scanned {
  const close = findClosing(text, pos + 1, end);
  if (close < 0) {
    state.errors.push(new ExpressionError('template.unclosed', '`${` is not closed: add `}`', pos));
    return { node: literal(text.slice(pos, end), pos), end };
  }
  const fallback = literal(text.slice(pos, close + 1), pos);
  const node = parseBraced(text, pos, trimRange(text, pos + 2, close), state) ?? fallback;
  return { node, end: close + 1 };
}

function parseBraced(text: string, pos: number, range: Range, state: ParseState): ValueNode | undefined {
  const content = text.slice(range.start, range.end);
  const fail = (message: string, offset: number, hint?: string): undefined => {
    state.errors.push(new ExpressionError('template.syntax', message, offset, hint));
    return undefined;
  };
  if (content === '') return fail('`${}` is empty: put a variable name inside', pos);
  if (content.startsWith('$')) {
    return fail(
      `\`\${${content}}\` has one \`$\` too many`,
      range.start,
      `write \`\${${content.slice(1)}}\``,
    );
  }
  const name = DELIMITED_NAME.exec(content)?.[0];
  const after = range.start + (name?.length ?? 0);
  if (name !== undefined && text[after] === '(') {
    return parseBracedCall(text, pos, name, { start: after, end: range.end }, state);
  }
  if (name === undefined || (after < range.end && text[after] !== '.' && text[after] !== '[')) {
    return fail(
      `\`\${${content}}\` is not a variable reference`,
      range.start,
      'names use letters, digits, `_` and `-`',
    );
  }
  if (isGeneratorName(name)) {
    if (after === range.end) return { kind: 'generator', name, offset: pos };
    return fail(`\`${name}\` is a generator and has no fields`, after);
  }
  return parseReference(text, range, pos, state.errors);
}

/** `range` starts at the `(` and ends after the content of the braces. */
function parseBracedCall(
  text: string,
  pos: number,
  name: string,
  range: Range,
  state: ParseState,
): ValueNode | undefined {
  if (!isFunctionName(name)) {
    const match = suggestFunction(name);
    const hint = match ? `did you mean \`${match}\`?` : `functions: ${FUNCTION_NAMES.join(', ')}`;
    state.errors.push(
      new ExpressionError('template.unknown-function', `unknown function \`${name}\``, pos + 2, hint),
    );
    return undefined;
  }
  const close = findClosing(text, range.start, range.end);
  if (close < 0) {
    state.errors.push(
      new ExpressionError('template.unclosed', `\`${name}(\` is not closed: add \`)\``, range.start),
    );
    return undefined;
  }
  if (close !== range.end - 1) {
    state.errors.push(
      new ExpressionError('template.syntax', `unexpected text after \`${name}(...)\``, close + 1),
    );
    return undefined;
  }
  return parseCall(text, name, pos, { start: range.start + 1, end: close }, state);
}

/** `args` is the text between the parentheses; the call nests one level deeper than its surroundings. */
function parseCall(
  text: string,
  name: FunctionName,
  offset: number,
  args: Range,
  state: ParseState,
): ValueNode {
  return state.nesting.descend(
    'template',
    offset,
    () => parseCallArguments(text, name, offset, args, state),
    (error) => {
      state.errors.push(error);
      return literal(text.slice(offset, args.end + 1), offset);
    },
  );
}

/** `dateNow` takes its layout whole: layouts may hold commas. */
function parseCallArguments(
  text: string,
  name: FunctionName,
  offset: number,
  args: Range,
  state: ParseState,
): ValueNode {
  const inner = trimRange(text, args.start, args.end);
  const fallback = literal(text.slice(offset, args.end + 1), offset);
  const ranges =
    inner.start === inner.end
      ? []
      : name === 'dateNow'
        ? [inner]
        : splitArguments(text, inner.start, inner.end);
  const { min, max, signature } = FUNCTION_ARITY[name];
  if (ranges.length < min || ranges.length > max) {
    const message = `\`${name}\` takes ${describeArity(name)}, got ${ranges.length}`;
    state.errors.push(new ExpressionError('template.arguments', message, offset, `usage: \`${signature}\``));
    return fallback;
  }
  const empty = ranges.find((range) => range.start === range.end);
  if (empty) {
    state.errors.push(
      new ExpressionError('template.syntax', `empty argument in \`${name}(...)\``, empty.start),
    );
    return fallback;
  }
  if (name !== 'if') {
    return { kind: 'call', name, args: ranges.map((range) => parseArgument(text, range, state)), offset };
  }
  const [condition, then, otherwise] = ranges;
  if (!condition || !then || !otherwise) return fallback;
  return {
    kind: 'if',
    condition: parseIfCondition(text, condition, state),
    then: parseArgument(text, then, state),
    else: parseArgument(text, otherwise, state),
    offset,
  };
}

function parseIfCondition(text: string, range: Range, state: ParseState): Condition {
  try {
    return parseConditionRange(text, range.start, range.end, operandSyntax(text, state));
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    state.errors.push(error);
    return { kind: 'truthy', value: literal(false, range.start), offset: range.start };
  }
}

/** A function argument or a condition operand: a literal, a nested call, or a template. */
function parseArgument(text: string, range: Range, state: ParseState): ValueNode {
  const raw = text.slice(range.start, range.end);
  const quoted = readStringLiteral(text, range);
  if (quoted !== undefined) return literal(quoted, range.start);
  if (raw === 'true' || raw === 'false') return literal(raw === 'true', range.start);
  if (raw === 'null') return literal(null, range.start);
  if (NUMBER.test(raw)) return literal(Number(raw), range.start);
  const call = /^([A-Za-z_]\w*)\(/.exec(raw)?.[1];
  if (call !== undefined && isFunctionName(call)) {
    const paren = range.start + call.length;
    if (findClosing(text, paren, range.end) === range.end - 1) {
      return parseCall(text, call, range.start, { start: paren + 1, end: range.end - 1 }, state);
    }
  }
  return parseTemplateRange(text, range.start, range.end, state);
}

/**
 * How the condition grammar reads operands: as template parts and arguments, reporting into `state`. A part
 * is only measured at first (partEnd), not parsed: parsing it there and again as an operand would double the
 * work at every `$if` nested in a condition.
 */
export function operandSyntax(text: string, state: ParseState): OperandSyntax {
  return {
    partEnd: (pos, end) => partEnd(text, pos, end),
    operand: (start, end) => parseArgument(text, { start, end }, state),
    nesting: state.nesting,
  };
}
