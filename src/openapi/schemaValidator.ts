/**
 * Response bodies against the document's schemas, with the project's JSON Schema validator (ajv). The whole
 * bundled document is added once, so a schema is compiled by its JSON Pointer with every `$ref` it uses
 * (recursive ones too); each pointer is compiled once per run. ajv is loaded on first use only.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import { SCHEMA_FORMATS } from '../workspace/schemaFormats.js';
import { describeViolations } from '../workspace/schemaViolations.js';
import type { BodyValidator } from './checkResponse.js';
import type { OpenApiDocument } from './document.js';

/** Where the document is registered in ajv; only used to address schemas inside it. */
const DOCUMENT_ID = 'urn:runner:openapi';

const INT32 = 2 ** 31;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** OpenAPI's own formats ("Data Types") beside the formats `schema:` checks already know. */
function addOpenApiFormats(ajv: Ajv): void {
  for (const [name, test] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, test);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value >= -INT32 && value < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('byte', BASE64);
  ajv.addFormat('binary', () => true);
  ajv.addFormat('password', () => true);
}

async function newAjv(document: OpenApiDocument): Promise<Ajv> {
  const { Ajv: AjvDraft07, Ajv2020 } = await import('../workspace/ajvClasses.js');
  const options = {
    allErrors: true,
    verbose: true,
    // OpenAPI keywords (`discriminator`, `xml`, `example`...) and unknown formats are annotations to a
    // validator; the document was already checked by the OpenAPI parser.
    strict: false,
    logger: false as const,
  };
  const ajv = document.version === '3.0' ? new AjvDraft07(options) : new Ajv2020(options);
  addOpenApiFormats(ajv);
  ajv.addSchema(document.data, DOCUMENT_ID);
  return ajv;
}

export function createBodyValidator(
  document: OpenApiDocument,
  isSensitive?: (keys: readonly string[]) => boolean,
): BodyValidator {
  let ajv: Promise<Ajv> | undefined;
  const compiled = new Map<string, ValidateFunction | string>();
  const compile = async (pointer: string): Promise<ValidateFunction | string> => {
    const known = compiled.get(pointer);
    if (known !== undefined) return known;
    ajv ??= newAjv(document);
    let result: ValidateFunction | string;
    try {
      result = (await ajv).getSchema(`${DOCUMENT_ID}${pointer}`) ?? `no schema at ${pointer}`;
    } catch (error) {
      result = `the schema at ${pointer} cannot be used: ${error instanceof Error ? error.message : String(error)}`;
    }
    compiled.set(pointer, result);
    return result;
  };
  return async (pointer, body) => {
    const validate = await compile(pointer);
    if (typeof validate === 'string') return [validate];
    try {
      if (validate(body)) return [];
    } catch (error) {
      return [`body: cannot be validated: ${error instanceof Error ? error.message : String(error)}`];
    }
    return describeViolations(validate.errors ?? [], body, isSensitive);
  };
}
