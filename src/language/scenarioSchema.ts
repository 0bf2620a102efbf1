/** The JSON Schema of the scenario language, for `runner schema` and editor modelines (DECISIONS, Commands). */
import { SCENARIO_SHAPE } from './definitions/scenarioShape.js';
import { toJsonSchema, type JsonSchema } from './jsonSchema.js';

export function scenarioJsonSchema(): JsonSchema {
  return toJsonSchema(SCENARIO_SHAPE);
}
