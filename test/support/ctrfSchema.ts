import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { SCHEMA_FORMATS } from '../../src/workspace/schemaFormats.js';

/** The published CTRF JSON Schema (draft-07; test/fixtures/ctrf/README.md says where it comes from). */
const schema: unknown = JSON.parse(
  readFileSync(new URL('../fixtures/ctrf/ctrf.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: true });
// Its `uuid`, `date-time` and `uri` formats are checked, by the project's own format tests.
for (const [name, test] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, test);
const validate = ajv.compile(schema as object);

/** What the CTRF schema finds wrong with a report (as its JSON text would be read), or nothing. */
export function ctrfSchemaErrors(report: unknown): string[] {
  const parsed: unknown = JSON.parse(JSON.stringify(report));
  if (validate(parsed)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
