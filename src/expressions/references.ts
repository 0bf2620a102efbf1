/** Static checks for the validator: template syntax, and which variables a template or condition reads. */
import type { ExpressionError } from '../diagnostics/errors.js';
import { chainOperands, type Condition, type ValueNode } from './ast.js';
import { parseTemplateCached } from './template.js';

export interface VariableReference {
  /** The top-level variable name: `user` for `$user.id`. */
  name: string;
  offset: number;
  /**
   * True for a bare reference used as a condition (`if: $token`): reading an undefined variable there is
   * allowed (it is false), so "used before definition" should not be reported for it.
   */
  truthinessCheck: boolean;
}

/** Every syntax problem in the template, with offsets into `text`; empty when it is fine. Nothing is evaluated. */
export function checkTemplate(text: string): ExpressionError[] {
  return [...parseTemplateCached(text).errors];
}

function collectValue(node: ValueNode, out: VariableReference[]): void {
  switch (node.kind) {
    case 'reference':
      out.push({ name: node.name, offset: node.offset, truthinessCheck: false });
      return;
    case 'concat':
      node.parts.forEach((part) => collectValue(part, out));
      return;
    case 'call':
      node.args.forEach((arg) => collectValue(arg, out));
      return;
    case 'if':
      collectCondition(node.condition, out);
      collectValue(node.then, out);
      collectValue(node.else, out);
      return;
    case 'literal':
    case 'generator':
      return;
  }
}

function collectCondition(condition: Condition, out: VariableReference[]): void {
  switch (condition.kind) {
    case 'and':
    case 'or':
      chainOperands(condition).forEach((operand) => collectCondition(operand, out));
      return;
    case 'not':
      collectCondition(condition.operand, out);
      return;
    case 'compare':
      collectValue(condition.left, out);
      collectValue(condition.right, out);
      return;
    case 'truthy':
      if (condition.value.kind === 'reference') {
        out.push({ name: condition.value.name, offset: condition.value.offset, truthinessCheck: true });
      } else {
        collectValue(condition.value, out);
      }
  }
}

/** The variables a template reads, in order of appearance (generators are not variables). */
export function templateReferences(text: string): VariableReference[] {
  const out: VariableReference[] = [];
  collectValue(parseTemplateCached(text).node, out);
  return out;
}

export function conditionReferences(condition: Condition): VariableReference[] {
  const out: VariableReference[] = [];
  collectCondition(condition, out);
  return out;
}
