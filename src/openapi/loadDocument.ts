/**
 * Reading the document named by config `openapi:` (DECISIONS.md, "Finer points": relative to the project
 * root): YAML or JSON, OpenAPI 3.0 or 3.1, `$ref`s across files bundled into one document by the OpenAPI
 * parser, which also checks the document against the specification. The parser is loaded here, on first use.
 */
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { isObject, versionOf, type OpenApiDocument } from './document.js';
import { toJsonSchemaDialect } from './schemaDialect.js';

/** At most this many of the parser's complaints are shown; the rest are counted. */
const MAX_SHOWN_PROBLEMS = 10;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const HINT =
  'config `openapi:` names an OpenAPI 3.0 or 3.1 document (YAML or JSON), relative to the project root';

function invalid(display: string, why: string): RunnerError {
  return new RunnerError('openapi.invalid', `invalid OpenAPI document ${display}: ${why}`, { hint: HINT });
}

/**
 * The parser's syntax error (`Error parsing /abs/api.yaml: bad indentation (3:1)` and a code frame) as
 * `api.yaml:3:1: bad indentation`, with paths shown as the user wrote them.
 */
function parseProblem(error: unknown, file: string, display: string): RunnerError {
  const firstLine = (message(error).split('\n')[0] ?? '').split(dirname(file)).join(dirname(display));
  const parsing = /^Error parsing (.+?): (.*) \((\d+):(\d+)\)$/.exec(firstLine);
  if (parsing?.[1] === undefined || parsing[2] === undefined) return invalid(display, firstLine);
  const where = parsing[1].replace(/^\.\//, '');
  return new RunnerError('openapi.invalid', `invalid OpenAPI document ${where}: ${parsing[2]}`, {
    location: { file: where, line: Number(parsing[3]), col: Number(parsing[4]) },
    hint: HINT,
  });
}

/** `file` is absolute; `display` is how messages name it (relative to the project root). */
export async function loadOpenApiDocument(file: string, display: string): Promise<OpenApiDocument> {
  try {
    await access(file);
  } catch {
    throw new RunnerError('openapi.missing', `OpenAPI document ${display} not found`, {
      hint: 'config `openapi:` is relative to the project root',
    });
  }
  const parser = await import('./openapiParser.js');
  let bundled: unknown;
  try {
    // Only files: a `$ref` to an http(s) URL would be fetched by the parser itself, outside the sandbox.
    bundled = await parser.bundle(file, {
      resolve: { external: true, file: true, http: false as unknown as { timeout: number } },
    });
  } catch (error) {
    throw parseProblem(error, file, display);
  }
  if (!isObject(bundled)) throw invalid(display, 'not an object');
  const version = versionOf(bundled);
  if (version === undefined) {
    throw invalid(display, `\`openapi: ${String(bundled.openapi)}\` is not 3.0.x or 3.1.x`);
  }
  // The parser mutates what it validates; the bundle is kept as read.
  const checked = await parser.validate(structuredClone(bundled) as never);
  if (!checked.valid) {
    const problems = checked.errors.map((error) => error.message.split('\n')[0]);
    const more =
      problems.length > MAX_SHOWN_PROBLEMS ? `; … and ${problems.length - MAX_SHOWN_PROBLEMS} more` : '';
    throw invalid(display, problems.slice(0, MAX_SHOWN_PROBLEMS).join('; ') + more);
  }
  const data = version === '3.0' ? toJsonSchemaDialect(bundled) : bundled;
  return { version, data: isObject(data) ? data : bundled, display };
}
