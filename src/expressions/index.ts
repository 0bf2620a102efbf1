export type {
  ComparisonCondition,
  ComparisonOperator,
  Condition,
  LogicalCondition,
  NotCondition,
  TruthinessCondition,
  ValueNode,
} from './ast.js';
export { evaluateCondition, parseCondition } from './condition.js';
export {
  checkTemplate,
  conditionReferences,
  templateReferences,
  type VariableReference,
} from './references.js';
export { compileScenarioRegex, type ScenarioRegex } from './scenarioRegex.js';
export type { ExpressionRuntime, VariableScope } from './scope.js';
export { interpolate, interpolateDeep } from './template.js';
export { setOwnKey } from './ownKey.js';
export { strictlyEqual } from './valueEquality.js';
export { describeType, quoteValue, valueAsText } from './valueText.js';
