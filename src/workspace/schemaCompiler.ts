/**
 * Turning a schema file into a validation function with ajv. Draft 2020-12 by default; a `$schema` naming
 * draft-07 selects ajv's draft-07 class. ajv is imported on first use only, so runs without `schema`
 * checks never load it (start-up time matters for a CLI).
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import type { SourceLocation } from '../diagnostics/location.js';
import { formatLocation } from '../diagnostics/location.js';
import type { YamlNode } from '../language/index.js';
import { SCHEMA_FORMATS } from './schemaFormats.js';
import type { SchemaSource } from './schemaSource.js';
import { describeViolation } from './schemaViolations.js';

export type SchemaDialect = '2020-12' | 'draft-07';

/** Makes the ajv instance for a dialect; the store calls it at most once per dialect. */
export type AjvFactory = (dialect: SchemaDialect) => Promise<Ajv>;

/** The `$schema` each dialect's meta-schema is registered under in ajv. */
const META_SCHEMA: Record<SchemaDialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

export const importAjv: AjvFactory = async (dialect) => {
  const options = {
    allErrors: true,
    // `data` on each error, so a violation can say what it got.
    verbose: true,
    // Typos in keywords are errors (strictSchema); ajv's softer checks would only log, and a CLI must not
    // print behind the reporters' back, hence no logger and no type/tuple strictness.
    strictTypes: false,
    strictTuples: false,
    logger: false as const,
    // OpenAPI's `example` is a harmless annotation that schemas copied from API docs often carry.
    keywords: ['example'],
  };
  const { Ajv: AjvDraft07, Ajv2020 } = await import('./ajvClasses.js');
  const ajv = dialect === 'draft-07' ? new AjvDraft07(options) : new Ajv2020(options);
  for (const [name, test] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, test);
  return ajv;
};

/** Which ajv class reads this schema, by its `$schema` (absent: 2020-12). */
export function dialectOf(schema: Record<string, unknown>): { dialect: SchemaDialect } | { error: string } {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: '2020-12' };
  const text = typeof declared === 'string' ? declared : '';
  if (/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/.test(text)) return { dialect: '2020-12' };
  if (/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/.test(text)) return { dialect: 'draft-07' };
  return {
    error:
      `unsupported $schema ${JSON.stringify(declared)}: use ${META_SCHEMA['2020-12']} (the default) ` +
      `or ${META_SCHEMA['draft-07']}`,
  };
}

/** `/properties/id/type` → the node it names in the YAML, or the deepest one reached. */
function locate(root: YamlNode, pointer: string): SourceLocation {
  let node = root;
  const steps = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const step of steps) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    const next =
      node.kind === 'map'
        ? node.entries.find((entry) => entry.key.value === key)?.value
        : node.kind === 'seq'
          ? node.items[Number(key)]
          : undefined;
    if (next === undefined) break;
    node = next;
  }
  return node.loc;
}

/** Keywords whose map keys are names the user chose, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Where a keyword is written, for ajv's "unknown keyword" error, which names no path. */
function findKeyword(node: YamlNode, keyword: string, keysAreNames = false): SourceLocation | undefined {
  if (node.kind === 'scalar') return undefined;
  if (node.kind === 'seq') {
    for (const item of node.items) {
      const found = findKeyword(item, keyword);
      if (found) return found;
    }
    return undefined;
  }
  for (const entry of node.entries) {
    if (!keysAreNames && entry.key.value === keyword) return entry.key.loc;
    const found = findKeyword(entry.value, keyword, !keysAreNames && NAME_MAPS.has(entry.key.value));
    if (found) return found;
  }
  return undefined;
}

/** ajv's own message for a schema it refuses, placed at the line it concerns when the message says where. */
function compileProblem(error: unknown, source: SchemaSource): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknownKeyword = /unknown keyword: "([^"]+)"/.exec(message);
  const atPath = /at path "#([^"]*)"/.exec(message);
  let where: SourceLocation | undefined;
  if (unknownKeyword?.[1] !== undefined) where = findKeyword(source.root, unknownKeyword[1]);
  // The path names the schema object holding the keyword; the unknown format is its `format` value.
  else if (atPath?.[1] !== undefined) where = locate(source.root, `${atPath[1]}/format`);
  const hint = /can't resolve reference/.test(message)
    ? ' (a $ref may point inside this file, such as #/$defs/item; other files are not loaded)'
    : /unknown format/.test(message)
      ? ` (formats: ${Object.keys(SCHEMA_FORMATS).join(', ')})`
      : '';
  return `${where ? formatLocation(where) : source.display}: invalid schema: ${message}${hint}`;
}

/** ajv reports one typo several ways (enum, type, anyOf); the most specific says it best. */
function mostSpecific(errors: readonly ErrorObject[]): ErrorObject[] {
  return errors.filter((error) => {
    const samePlace = errors.filter((other) => other.instancePath === error.instancePath);
    const enumError = samePlace.find((other) => other.keyword === 'enum');
    if (enumError !== undefined) return error === enumError;
    return samePlace.length === 1 || !['anyOf', 'oneOf'].includes(error.keyword);
  });
}

/** Problems found by checking the schema against its dialect's meta-schema, at the lines they concern. */
function metaSchemaProblems(errors: readonly ErrorObject[], source: SchemaSource): string[] {
  const lines = mostSpecific(errors).map((error) => {
    const at = formatLocation(locate(source.root, error.instancePath));
    const keyword = error.instancePath.slice(1).split('/').join('.');
    const allowed: unknown = (error.params as { allowedValues?: unknown }).allowedValues;
    const hint =
      error.keyword === 'enum' && typeof error.data === 'string' && Array.isArray(allowed)
        ? didYouMeanHint(error.data, allowed.map(String))
        : undefined;
    const where = keyword === '' ? '' : `${keyword}: `;
    return `${at}: invalid schema: ${where}${describeViolation(error)}${hint === undefined ? '' : ` (${hint})`}`;
  });
  return [...new Set(lines)];
}

/** The validation function for a schema file, or what is wrong with the schema (never a throw). */
export function compileSchema(
  ajv: Ajv,
  source: SchemaSource,
  dialect: SchemaDialect,
): { validate: ValidateFunction } | { errors: string[] } {
  // One spelling per dialect (`https`, no `#`, ...) so ajv finds its meta-schema.
  const schema =
    source.schema.$schema === undefined ? source.schema : { ...source.schema, $schema: META_SCHEMA[dialect] };
  try {
    if (!ajv.validateSchema(schema)) return { errors: metaSchemaProblems(ajv.errors ?? [], source) };
    return { validate: ajv.compile(schema) };
  } catch (error) {
    return { errors: [compileProblem(error, source)] };
  }
}
