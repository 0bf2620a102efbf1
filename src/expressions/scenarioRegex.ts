/**
 * The one place that compiles regular expressions written in scenarios (`regex`/`matchesRegex`, and any
 * function that takes a pattern). DECISIONS, Wave 2 "Language additions": they run on a linear-time engine with
 * RE2 syntax, so no pattern and no server answer can hang a run (`^(a+)+$` stays linear).
 */
import type { RE2JS } from 're2js';

/** A compiled scenario pattern. */
export interface ScenarioRegex {
  /** The pattern as written, for messages. */
  readonly source: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** The whole match and its groups (unmatched groups are undefined), or undefined when nothing matches. */
  exec(text: string): (string | undefined)[] | undefined;
}

let loadedRe2: typeof RE2JS | undefined;

/**
 * re2js, evaluated the first time a scenario pattern is compiled: a plain run without one never needs it, and
 * evaluating it costs several ms of every start (bench/README.md, issue 24, third stop). Not an `await
 * import()`, which would make every pattern check asynchronous: esbuild turns this `require` into a call of
 * the CommonJS copy bundled in dist/ (vitest provides `require` as well).
 */
function re2(): typeof RE2JS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  loadedRe2 ??= (require('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return loadedRe2;
}

/**
 * `/pattern/flags` flags with an RE2 equivalent. `u` and `g` change nothing here (RE2 is always Unicode-aware,
 * and a check only asks whether, or where first, the pattern matches), so they are accepted as written.
 */
function flagBit(flag: string, engine: typeof RE2JS): number | undefined {
  switch (flag) {
    case 'i':
      return engine.CASE_INSENSITIVE;
    case 'm':
      return engine.MULTILINE;
    case 's':
      return engine.DOTALL;
    case 'u':
    case 'g':
      return 0;
    default:
      return undefined;
  }
}

/** RE2's own messages for what it lacks, reworded to say why and what to do instead. */
function explain(message: string, pattern: string): string {
  if (/\(\?<?[=!]/.test(pattern) && /(unsupported Perl syntax|invalid named capture)/.test(message)) {
    return 'look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) is not supported: scenario patterns use RE2 syntax, which matches in linear time';
  }
  if (/invalid escape sequence: `\\[1-9]/.test(message) || /\\k</.test(pattern)) {
    return 'back-references (`\\1`, `\\k<name>`) are not supported: scenario patterns use RE2 syntax, which matches in linear time';
  }
  return message.replace(/^error parsing regexp: /, '');
}

function splitSlashForm(written: string): { pattern: string; flags: string } {
  const slashed = /^\/([\s\S]*)\/([a-z]*)$/.exec(written);
  return slashed ? { pattern: slashed[1] ?? '', flags: slashed[2] ?? '' } : { pattern: written, flags: '' };
}

/**
 * Compiles `pattern` or `/pattern/flags` (flags `i`, `m`, `s`, `u`). Returns the reason as text when it cannot
 * be compiled, so `validate` and the checks can both word it.
 */
export function compileScenarioRegex(written: string): ScenarioRegex | string {
  const { pattern, flags } = splitSlashForm(written);
  const engine = re2();
  let flagBits = 0;
  for (const flag of flags) {
    const bit = flagBit(flag, engine);
    if (bit === undefined) return `unsupported flag \`${flag}\` (use i, m, s)`;
    flagBits |= bit;
  }
  let compiled: RE2JS;
  try {
    compiled = engine.compile(pattern, flagBits);
  } catch (error) {
    return explain(error instanceof Error ? error.message : String(error), pattern);
  }
  return {
    source: written,
    test: (text) => compiled.matcher(text).find(),
    exec: (text) => {
      const matcher = compiled.matcher(text);
      if (!matcher.find()) return undefined;
      const groups: (string | undefined)[] = [];
      for (let index = 0; index <= matcher.groupCount(); index++)
        groups.push(matcher.group(index) ?? undefined);
      return groups;
    },
  };
}
