/**
 * The condition grammar (SPEC, "`if` expressions"):
 *   or      := and ('||' and)*
 *   and     := unary ('&&' unary)*
 *   unary   := '!' unary | primary
 *   primary := '(' or ')' | operand (comparison operand)?
 * `&&` binds tighter than `||`. `!` directly before a comparison (`!$status == blocked`) is rejected as
 * ambiguous; `!($status == blocked)` is fine. Errors carry the 0-based offset of the culprit. `(` and `!`
 * each nest one level, counted with the enclosing template's (nesting.ts).
 */
import { ExpressionError } from '../diagnostics/errors.js';
import type { ComparisonOperator, Condition } from './ast.js';
import { tokenize, type OperandSyntax, type Operator, type Token } from './conditionLexer.js';
import type { NestingDepth } from './nesting.js';

const COMPARISONS: readonly Operator[] = ['==', '!=', '>', '>=', '<', '<='];
const INVERSE: Record<ComparisonOperator, ComparisonOperator> = {
  '==': '!=',
  '!=': '==',
  '>': '<=',
  '>=': '<',
  '<': '>=',
  '<=': '>',
};

function syntaxError(message: string, offset: number, hint?: string): ExpressionError {
  return new ExpressionError('condition.syntax', message, offset, hint);
}

function isOperator(token: Token, operator: Operator): boolean {
  return token.type === 'operator' && token.operator === operator;
}

function comparisonOf(token: Token): ComparisonOperator | undefined {
  return token.type === 'operator' && COMPARISONS.includes(token.operator)
    ? (token.operator as ComparisonOperator)
    : undefined;
}

function describe(token: Token): string {
  if (token.type === 'end') return 'the end of the condition';
  return token.type === 'operator' ? `\`${token.operator}\`` : `\`${token.text}\``;
}

function wordOf(token: Token): string | undefined {
  return token.type === 'operand' ? token.text.toLowerCase() : undefined;
}

class ConditionParser {
  #index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly nesting: NestingDepth,
  ) {}

  peek(offset = 0): Token {
    const last = this.tokens[this.tokens.length - 1];
    const token = this.tokens[this.#index + offset] ?? last;
    if (!token) throw new Error('tokenize always ends with an end token');
    return token;
  }

  next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.#index++;
    return token;
  }

  parseOr(): Condition {
    let left = this.parseAnd();
    while (isOperator(this.peek(), '||')) {
      this.next();
      left = { kind: 'or', left, right: this.parseAnd(), offset: left.offset };
    }
    return left;
  }

  parseAnd(): Condition {
    let left = this.parseUnary();
    while (isOperator(this.peek(), '&&')) {
      this.next();
      left = { kind: 'and', left, right: this.parseUnary(), offset: left.offset };
    }
    return left;
  }

  parseUnary(): Condition {
    const token = this.peek();
    if (isOperator(token, '!')) {
      this.next();
      const negated = this.peek();
      const comparison = comparisonOf(this.peek(1));
      if (negated.type === 'operand' && comparison) throw this.ambiguousNegation(token, negated, comparison);
      const operand = this.deeper(token, () => this.parseUnary());
      return { kind: 'not', operand, offset: token.offset };
    }
    const following = this.peek(1);
    if (
      wordOf(token) === 'not' &&
      (following.type === 'operand' || isOperator(following, '(') || isOperator(following, '!'))
    ) {
      throw syntaxError('`not` is not an operator', token.offset, 'use `!`');
    }
    return this.parsePrimary();
  }

  parsePrimary(): Condition {
    const token = this.next();
    if (isOperator(token, '(')) {
      const inner = this.deeper(token, () => this.parseOr());
      const close = this.peek();
      if (!isOperator(close, ')')) {
        if (close.type === 'end') throw syntaxError('`(` is not closed', token.offset, 'add `)`');
        throw this.unexpected(close, 'expected `)`');
      }
      this.next();
      const comparison = this.peek();
      if (comparisonOf(comparison)) {
        throw syntaxError(
          `a parenthesized condition cannot be compared with \`${describe(comparison).slice(1, -1)}\``,
          comparison.offset,
          'compare values, and join comparisons with `&&` or `||`',
        );
      }
      return inner;
    }
    if (token.type !== 'operand') throw this.unexpected(token, 'expected a value');
    const operator = comparisonOf(this.peek());
    if (!operator) return { kind: 'truthy', value: token.node, offset: token.offset };
    const operatorToken = this.next();
    const right = this.next();
    if (right.type !== 'operand') {
      throw this.unexpected(right, `expected a value after \`${operator}\``, operatorToken.offset);
    }
    const chained = this.peek();
    if (comparisonOf(chained)) {
      throw syntaxError('comparisons cannot be chained', chained.offset, 'join two comparisons with `&&`');
    }
    return { kind: 'compare', operator, left: token.node, right: right.node, offset: token.offset };
  }

  /** Parses what `opener` (`(` or `!`) starts, one nesting level deeper. */
  deeper(opener: Token, parse: () => Condition): Condition {
    return this.nesting.descend('condition', opener.offset, parse, (error) => {
      throw error;
    });
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.type === 'end') return;
    const word = wordOf(token);
    if (word === 'and' || word === 'or') {
      throw syntaxError(
        `\`${token.type === 'operand' ? token.text : word}\` is not an operator`,
        token.offset,
        `use \`${word === 'and' ? '&&' : '||'}\``,
      );
    }
    if (isOperator(token, ')')) throw syntaxError('unexpected `)` without a matching `(`', token.offset);
    if (token.type === 'operand') {
      throw syntaxError(
        `unexpected ${describe(token)} after a complete condition`,
        token.offset,
        "join conditions with `&&` or `||`, and quote values that contain spaces: 'in progress'",
      );
    }
    throw this.unexpected(token, 'expected `&&`, `||` or the end of the condition');
  }

  unexpected(token: Token, expectation: string, endOffset?: number): ExpressionError {
    if (token.type === 'end') {
      return syntaxError(`the condition ends too early: ${expectation}`, endOffset ?? token.offset);
    }
    return syntaxError(`unexpected ${describe(token)}: ${expectation}`, token.offset);
  }

  /** Names both readings the user may have meant, in their own words. `negated` is the token after `!`. */
  ambiguousNegation(
    bang: Token,
    negated: Token & { type: 'operand' },
    comparison: ComparisonOperator,
  ): ExpressionError {
    const right = this.peek(2);
    const rightText = right.type === 'operand' ? right.text : '…';
    const inverted = `${negated.text} ${INVERSE[comparison]} ${rightText}`;
    return new ExpressionError(
      'condition.ambiguous-negation',
      `ambiguous negation: write \`!(${negated.text} ${comparison} ${rightText})\` or \`${inverted}\``,
      bang.offset,
      `\`!\` would apply to \`${negated.text}\` alone, not to the comparison`,
    );
  }
}

/** Parses the condition in [start, end) of `text`; offsets in errors and nodes are absolute in `text`. */
export function parseConditionRange(
  text: string,
  start: number,
  end: number,
  syntax: OperandSyntax,
): Condition {
  const tokens = tokenize(text, start, end, syntax);
  if (tokens[0]?.type === 'end') {
    throw new ExpressionError(
      'condition.empty',
      'the condition is empty',
      start,
      'write a comparison such as `$status == 200` or a variable such as `$token`',
    );
  }
  const parser = new ConditionParser(tokens, syntax.nesting);
  const condition = parser.parseOr();
  parser.expectEnd();
  return condition;
}
