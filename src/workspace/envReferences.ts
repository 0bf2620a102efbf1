/**
 * `$env.<NAME>` in environment and credentials files (DECISIONS, Wave 2 "Language additions"): filled in when
 * a run starts, from the environment the run was started with. An unset name stops the run (exit 2) naming it.
 */
import { RunnerError } from '../diagnostics/errors.js';
import { ENV_REFERENCE, hasEnvReference, type YamlNode } from '../language/index.js';

/** `$env` references in `text` filled in; `$$env.NAME` is the literal text (`$$` writes a `$`, as in scenarios). */
function fillEnvText(text: string, read: (name: string) => string | undefined, file: string): string {
  if (!text.includes('env.')) return text;
  return text.replace(ENV_REFERENCE, (match, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare;
    if (name === undefined) return match;
    const value = read(name);
    if (value === undefined) {
      throw new RunnerError(
        'env.unset',
        `${file}: environment variable \`${name}\` is not set (read as \`$env.${name}\`)`,
        { hint: 'set it in the shell or as a CI secret before the run' },
      );
    }
    return value;
  });
}

/** True when the text reads at least one `$env.NAME`: its secret comes from the environment of the run. */
export function readsEnvReference(text: string): boolean {
  return [...text.matchAll(ENV_REFERENCE)].some((match) => match[1] !== undefined || match[2] !== undefined);
}

/** Every string in `value` (map keys excepted) with its `$env` references filled in. */
export function fillEnvReferences<T>(value: T, read: (name: string) => string | undefined, file: string): T {
  const fill = (item: unknown): unknown => {
    if (typeof item === 'string') return fillEnvText(item, read, file);
    if (Array.isArray(item)) return item.map(fill);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, fill(inner)]));
    }
    return item;
  };
  return fill(value) as T;
}

/**
 * Fills in `$env` references in the string values of a parsed file, before its shape check: a value is
 * checked as the run will use it (`baseUrl: $env.API_BASE` is a URL only once read), and a path setting is
 * resolved from the text the environment gave. Each filled value remembers what was written, for messages.
 */
export function fillEnvInTree(
  node: YamlNode,
  read: (name: string) => string | undefined,
  file: string,
): void {
  if (node.kind === 'map') for (const entry of node.entries) fillEnvInTree(entry.value, read, file);
  else if (node.kind === 'seq') for (const item of node.items) fillEnvInTree(item, read, file);
  else if (typeof node.value === 'string' && hasEnvReference(node.value)) {
    node.filledFrom = node.value;
    node.value = fillEnvText(node.value, read, `${file}:${node.loc.line}:${node.loc.col}`);
  }
}
