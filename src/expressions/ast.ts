/**
 * The syntax tree shared by templates, function arguments and conditions. Every node keeps the 0-based
 * offset of its first character in the text it was parsed from, so errors can point at the culprit.
 */
import type { FunctionName, GeneratorName } from './names.js';
import type { PathSegment } from './path.js';

/** Plain text, a quoted string, a number, `true`/`false`/`null`, or a bare word (a string). */
export interface LiteralNode {
  kind: 'literal';
  value: string | number | boolean | null;
  offset: number;
}

/** `$name`, `${name}`, `{{name}}`, with optional dotted/indexed access after the name. */
export interface ReferenceNode {
  kind: 'reference';
  name: string;
  path: PathSegment[];
  offset: number;
}

/** `$uuid`, `${timestamp}`: a fresh value on every evaluation. */
export interface GeneratorNode {
  kind: 'generator';
  name: GeneratorName;
  offset: number;
}

export interface CallNode {
  kind: 'call';
  name: Exclude<FunctionName, 'if'>;
  args: ValueNode[];
  offset: number;
}

/** `$if(condition, then, else)`: the condition has its own grammar, so it gets its own node. */
export interface IfNode {
  kind: 'if';
  condition: Condition;
  then: ValueNode;
  else: ValueNode;
  offset: number;
}

/** Text mixing literals and expressions: always evaluates to a string. */
export interface ConcatNode {
  kind: 'concat';
  parts: ValueNode[];
  offset: number;
}

export type ValueNode = LiteralNode | ReferenceNode | GeneratorNode | CallNode | IfNode | ConcatNode;

export type ComparisonOperator = '==' | '!=' | '>' | '>=' | '<' | '<=';

export interface LogicalCondition {
  kind: 'and' | 'or';
  left: Condition;
  right: Condition;
  offset: number;
}

export interface NotCondition {
  kind: 'not';
  operand: Condition;
  offset: number;
}

export interface ComparisonCondition {
  kind: 'compare';
  operator: ComparisonOperator;
  left: ValueNode;
  right: ValueNode;
  offset: number;
}

/** A bare operand: true when it exists and is not false, null, "", "false", 0 or empty. */
export interface TruthinessCondition {
  kind: 'truthy';
  value: ValueNode;
  offset: number;
}

export type Condition = LogicalCondition | NotCondition | ComparisonCondition | TruthinessCondition;

/**
 * The operands of a chain of one logical operator, in order. The parser builds `a && b && c` as
 * and(and(a, b), c), as deep as the chain is long; walking it with this loop instead of recursion keeps a
 * long chain from overflowing the stack (nesting.ts bounds every other kind of depth).
 */
export function chainOperands(condition: LogicalCondition): Condition[] {
  const rights: Condition[] = [];
  let node: Condition = condition;
  while ((node.kind === 'and' || node.kind === 'or') && node.kind === condition.kind) {
    rights.push(node.right);
    node = node.left;
  }
  return [node, ...rights.reverse()];
}
