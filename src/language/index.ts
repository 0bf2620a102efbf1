// The public face of src/language: the scenario model, its parser and validator, and the shape definitions
// the workspace layer reuses for config, environment and credentials files (pure; no I/O).
export * from './model.js';
export * from './authSpec.js';
export { parseScenario, type ParsedScenario } from './parseScenario.js';
/** Load before parseScenario so `validate` can check JSONPath and XPath syntax (they are loaded lazily). */
export { loadQueryEnginesFor as prepareQueryChecks } from '../assertions/index.js';
export type { ScenarioContext, UseTarget } from './context.js';
export { summarizeScenario, type ScenarioSummary } from './scenarioSummary.js';
export { parseDuration } from './duration.js';
export { encodeForm, expandLists, FORM_CONTENT_TYPE, graphqlPayload } from './requestBodies.js';
export { parseYaml, formatSize, DEFAULT_YAML_LIMITS, type ParsedYaml, type YamlLimits } from './parseYaml.js';
export { checkShape } from './checkShape.js';
export { authAccountProblems } from './scenarioRoles.js';
export { ENV_REFERENCE, hasEnvReference } from './envReferences.js';
export type { JsonSchema } from './jsonSchema.js';
export { scenarioJsonSchema } from './scenarioSchema.js';
export {
  toPlain,
  entryOf,
  valueOf,
  stringOf,
  type YamlNode,
  type YamlMap,
  type YamlScalar,
  type YamlSeq,
} from './yamlTree.js';
export type { ShapeDocument, Shape, ObjectShape, Role } from './shape.js';
export { SCENARIO_SHAPE } from './definitions/scenarioShape.js';
export { variablesBefore } from './variableFlow.js';
export { SECTIONS, allSteps, stepKind, stepMaps } from './stepTree.js';
export { CONFIG_SHAPE } from './definitions/configShape.js';
export { ENVIRONMENT_SHAPE } from './definitions/environmentShape.js';
export { CREDENTIALS_SHAPE } from './definitions/credentialsShape.js';
