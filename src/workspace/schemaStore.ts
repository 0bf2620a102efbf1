/**
 * Response schemas for `expect: { schema: <name> }` (SPEC, "`expect` paths and matchers": the whole body is
 * validated). Each schema is read and compiled once per store, so once per run; ajv itself is loaded only
 * when the first schema is validated.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import { resolve } from 'node:path';
import {
  compileSchema,
  dialectOf,
  importAjv,
  type AjvFactory,
  type SchemaDialect,
} from './schemaCompiler.js';
import { readSchemaSource } from './schemaSource.js';
import { describeViolations } from './schemaViolations.js';

export interface SchemaVerdict {
  passed: boolean;
  /** One line per violation (`body.age: must be integer, got "12"`), or why the schema could not be used. */
  errors: string[];
}

export interface SchemaStore {
  /** Never throws: a missing or broken schema is a failed verdict whose errors explain it. */
  validate(name: string, body: unknown): Promise<SchemaVerdict>;
}

type Compiled = { validate: ValidateFunction } | { errors: string[] };

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface SchemaStoreOptions {
  /**
   * Whether a body field's value is masked (`['body', 'token']`); the engine passes its masker's check, so
   * violations of such fields do not show the value they found.
   */
  isSensitive?: (keys: readonly string[]) => boolean;
  /** Makes ajv instances; tests wrap it to count compilations. The default imports ajv on first use. */
  newAjv?: AjvFactory;
}

/**
 * A store for the schemas under `schemasDir` (`schemas.path`; relative paths resolve against `cwd`, which
 * also makes file names in messages relative).
 */
export function createSchemaStore(
  schemasDir: string,
  cwd: string,
  { isSensitive, newAjv = importAjv }: SchemaStoreOptions = {},
): SchemaStore {
  const dir = resolve(cwd, schemasDir);
  const validators = new Map<SchemaDialect, Promise<Ajv>>();
  // Promises, not results: two steps validating the same schema at once still compile it once.
  const compiled = new Map<string, Promise<Compiled>>();

  const ajvFor = (dialect: SchemaDialect): Promise<Ajv> => {
    let ajv = validators.get(dialect);
    if (ajv === undefined) {
      ajv = newAjv(dialect);
      validators.set(dialect, ajv);
    }
    return ajv;
  };

  const load = async (name: string): Promise<Compiled> => {
    const read = await readSchemaSource(dir, cwd, name);
    if ('errors' in read) return read;
    const dialect = dialectOf(read.source.schema);
    if ('error' in dialect) return { errors: [`${read.source.display}: ${dialect.error}`] };
    let ajv: Ajv;
    try {
      ajv = await ajvFor(dialect.dialect);
    } catch (error) {
      return { errors: [`cannot load the JSON Schema validator: ${describeFailure(error)}`] };
    }
    return compileSchema(ajv, read.source, dialect.dialect);
  };

  return {
    async validate(name, body) {
      const key = name.trim();
      let schema = compiled.get(key);
      if (schema === undefined) {
        schema = load(key);
        compiled.set(key, schema);
      }
      const ready = await schema.catch((error: unknown): Compiled => ({ errors: [describeFailure(error)] }));
      if ('errors' in ready) return { passed: false, errors: ready.errors };
      if (body === undefined) return { passed: false, errors: ['body: the response has no body'] };
      try {
        if (ready.validate(body)) return { passed: true, errors: [] };
      } catch (error) {
        // A body nested deeply enough to exhaust the stack, for one.
        return { passed: false, errors: [`body: cannot be validated: ${describeFailure(error)}`] };
      }
      return { passed: false, errors: describeViolations(ready.validate.errors ?? [], body, isSensitive) };
    },
  };
}
