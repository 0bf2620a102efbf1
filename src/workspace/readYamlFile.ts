/** Reading a workspace YAML file (config, environment, credentials) and checking it against its shape. */
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { RunnerError, type Diagnostic } from '../diagnostics/errors.js';
import {
  DEFAULT_YAML_LIMITS,
  checkShape,
  formatSize,
  parseYaml,
  toPlain,
  type ShapeDocument,
  type YamlNode,
} from '../language/index.js';

function checkSize(size: number, display: string): void {
  if (size > DEFAULT_YAML_LIMITS.maxBytes) {
    throw new RunnerError(
      'yaml.too-large',
      `file is too large (${formatSize(size)}); the limit is ${formatSize(DEFAULT_YAML_LIMITS.maxBytes)}`,
      {
        location: { file: display, line: 1, col: 1 },
      },
    );
  }
}

/** Refuses files over the YAML size limit before reading them into memory. */
export async function readTextFile(path: string, display: string): Promise<string> {
  checkSize((await stat(path)).size, display);
  return readFile(path, 'utf8');
}

/**
 * The same, read at once. For loading a workspace before a run starts, never during one: a hundred
 * scenario files take ~3 ms this way and ~15 ms through fs/promises, whose every call is a round trip
 * through the thread pool (bench/throughput).
 */
export function readTextFileSync(path: string, display: string): string {
  checkSize(statSync(path).size, display);
  return readFileSync(path, 'utf8');
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
  prepare?: (root: YamlNode) => void,
): Promise<unknown> {
  // Config, environment and credentials files are read before a run starts. They are never kept in the
  // parse cache: environment files may hold secrets (DECISIONS.md, "Platform": a cache holds nothing read
  // from environments or credentials).
  return (await readCheckedYamlTree(path, display, shape, errorCode, prepare)).data;
}

/** The same, with the YAML tree, for a caller that keeps where a value was written (`auth:`). */
export async function readCheckedYamlTree(
  path: string,
  display: string,
  shape: ShapeDocument,
  errorCode: string,
  prepare?: (root: YamlNode) => void,
): Promise<{ data: unknown; root?: YamlNode }> {
  return checkedYaml(readTextFileSync(path, display), display, shape, errorCode, prepare);
}

function checkedYaml(
  text: string,
  display: string,
  shape: ShapeDocument,
  errorCode: string,
  prepare?: (root: YamlNode) => void,
): { data: unknown; root?: YamlNode } {
  const parsed = parseYaml(text, display);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const root = parsed.root;
  // Only a tree that parsed: its problems are reported before anything is filled in.
  if (root && prepare && parsed.diagnostics.every((d) => d.severity !== 'error')) prepare(root);
  if (root && !(root.kind === 'scalar' && root.value === null)) diagnostics.push(...checkShape(root, shape));
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    const [first] = errors;
    const summary = errors.length === 1 && first ? first.message : `${errors.length} problems`;
    throw new RunnerError(errorCode, `invalid ${shape.title} file ${display}: ${summary}`, {
      diagnostics: errors,
    });
  }
  return { data: (root ? toPlain(root) : undefined) ?? undefined, ...(root ? { root } : {}) };
}
