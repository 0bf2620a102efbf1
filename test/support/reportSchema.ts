import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** docs/report.schema.json, the published schema of `report.json`, compiled once. */
const schema: unknown = JSON.parse(
  readFileSync(new URL('../../docs/report.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema as object);

/** The schema's complaints about a report (as its JSON text would be read), or none. */
export function reportSchemaErrors(report: unknown): string[] {
  const parsed: unknown = JSON.parse(JSON.stringify(report));
  if (validate(parsed)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
