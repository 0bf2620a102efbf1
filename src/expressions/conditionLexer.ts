/** Splits a condition (`if:`, `until:`, `filter:`, the first argument of `$if`) into operators and operands. */
import { ExpressionError } from '../diagnostics/errors.js';
import type { ValueNode } from './ast.js';
import type { NestingDepth } from './nesting.js';
import { skipString } from './scanning.js';

/** How operands are read; supplied by the template parser, which owns the operand grammar. */
export interface OperandSyntax {
  /** The end of the `$…`/`{{…}}` part at `pos`, or undefined when the characters there are plain text. */
  partEnd(pos: number, end: number): number | undefined;
  /** Parses the operand in [start, end): a quoted string, number, `true`/`false`/`null`, reference, call or word. */
  operand(start: number, end: number): ValueNode;
  /** The nesting depth of the enclosing template, which the condition's `(` and `!` add to. */
  nesting: NestingDepth;
}

export type Operator = '==' | '!=' | '>' | '>=' | '<' | '<=' | '&&' | '||' | '!' | '(' | ')';

export type Token =
  | { type: 'operator'; operator: Operator; offset: number; end: number }
  | { type: 'operand'; node: ValueNode; text: string; offset: number; end: number }
  | { type: 'end'; offset: number; end: number };

const TWO_CHAR_OPERATORS: readonly string[] = ['==', '!=', '>=', '<=', '&&', '||'];
const WORD_STOPS = new Set(['(', ')', '!', '=', '<', '>', '&', '|', ',', "'", '"']);

function syntaxError(message: string, offset: number, hint?: string): ExpressionError {
  return new ExpressionError('condition.syntax', message, offset, hint);
}

/** Reports the near-misses users type (`=`, `&`, `|`, `===`) with the operator they meant. */
function rejectMisspelledOperator(text: string, i: number, end: number): void {
  const ch = text[i];
  const next = i + 1 < end ? text[i + 1] : undefined;
  if (ch === '=' && next === '=' && text[i + 2] === '=' && i + 2 < end) {
    throw syntaxError('`===` is not an operator', i, 'use `==`');
  }
  if (ch === '=' && next !== '=') {
    const hint = next === '>' ? 'use `>=`' : next === '<' ? 'use `<=`' : 'use `==` to compare';
    throw syntaxError('`=` is not a comparison', i, hint);
  }
  if (ch === '&' && next !== '&') throw syntaxError('`&` is not an operator', i, 'use `&&`');
  if (ch === '|' && next !== '|') throw syntaxError('`|` is not an operator', i, 'use `||`');
  if (ch === ',') throw syntaxError('unexpected `,`', i, 'quote values that contain commas');
}

export function tokenize(text: string, start: number, end: number, syntax: OperandSyntax): Token[] {
  const tokens: Token[] = [];
  let i = start;
  while (i < end) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    rejectMisspelledOperator(text, i, end);
    const two = text.slice(i, i + 2);
    if (i + 2 <= end && TWO_CHAR_OPERATORS.includes(two)) {
      tokens.push({ type: 'operator', operator: two as Operator, offset: i, end: i + 2 });
      i += 2;
    } else if ('()!<>'.includes(ch)) {
      tokens.push({ type: 'operator', operator: ch as Operator, offset: i, end: i + 1 });
      i++;
    } else {
      const wordEnd =
        ch === "'" || ch === '"' ? stringEnd(text, i, end) : operandWordEnd(text, i, end, syntax);
      tokens.push({
        type: 'operand',
        node: syntax.operand(i, wordEnd),
        text: text.slice(i, wordEnd),
        offset: i,
        end: wordEnd,
      });
      i = wordEnd;
    }
  }
  tokens.push({ type: 'end', offset: end, end });
  return tokens;
}

function stringEnd(text: string, i: number, end: number): number {
  const after = skipString(text, i, end);
  if (after < 0) throw syntaxError('the string is not closed', i, `add a closing ${text[i]}`);
  return after;
}

/** A word runs to whitespace or an operator; `$…` parts inside it are skipped whole (`$int($x)`, `${a b}`). */
function operandWordEnd(text: string, i: number, end: number, syntax: OperandSyntax): number {
  let j = i;
  while (j < end) {
    const ch = text[j] ?? '';
    if (/\s/.test(ch) || (WORD_STOPS.has(ch) && !(j > i && (ch === "'" || ch === '"')))) break;
    const partEnd = ch === '$' || (ch === '{' && text[j + 1] === '{') ? syntax.partEnd(j, end) : undefined;
    j = partEnd ?? j + 1;
  }
  return j;
}
