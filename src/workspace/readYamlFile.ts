/** Reading a workspace YAML file (config, environment, credentials) and checking it against its shape. */
import { readFile, stat } from 'node:fs/promises';
import { RunnerError, type Diagnostic } from '../diagnostics/errors.js';
import {
  DEFAULT_YAML_LIMITS,
  checkShape,
  formatSize,
  parseYaml,
  toPlain,
  type ShapeDocument,
} from '../language/index.js';

/** Refuses files over the YAML size limit before reading them into memory. */
export async function readTextFile(path: string, display: string): Promise<string> {
  const size = (await stat(path)).size;
  if (size > DEFAULT_YAML_LIMITS.maxBytes) {
    throw new RunnerError(
      'yaml.too-large',
      `file is too large (${formatSize(size)}); the limit is ${formatSize(DEFAULT_YAML_LIMITS.maxBytes)}`,
      {
        location: { file: display, line: 1, col: 1 },
      },
    );
  }
  return readFile(path, 'utf8');
}

/**
 * The file's data after a shape check, or a RunnerError with every problem. An empty file reads as
 * `undefined`, so callers can apply their defaults.
 */
export async function readCheckedYaml(
  path: string,
  display: string,
  shape: ShapeDocument,
  errorCode: string,
): Promise<unknown> {
  const text = await readTextFile(path, display);
  const parsed = parseYaml(text, display);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const root = parsed.root;
  if (root && !(root.kind === 'scalar' && root.value === null)) diagnostics.push(...checkShape(root, shape));
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    const [first] = errors;
    const summary = errors.length === 1 && first ? first.message : `${errors.length} problems`;
    throw new RunnerError(errorCode, `invalid ${shape.title} file ${display}: ${summary}`, {
      diagnostics: errors,
    });
  }
  return (root ? toPlain(root) : undefined) ?? undefined;
}
