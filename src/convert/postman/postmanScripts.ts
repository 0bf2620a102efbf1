/**
 * The common forms of Postman test scripts become checks and saves (DECISIONS, Authoring: `runner import
 * postman`): `pm.response.to.have.status(n)`, `pm.expect(<json path>).to.eql(v)` (also `.equal`, `.eq`) and
 * `pm.environment.set(k, <json path>)` (also `pm.collectionVariables`, `pm.globals`, `pm.variables` and the
 * old `postman.setEnvironmentVariable`). A json path is `pm.response.json()` or a variable assigned from it,
 * followed by `.name` and `[index]` parts. Every other statement is kept as a `not converted:` comment and
 * counted; lines that only open or close a `pm.test(...)` block are structure, not statements.
 */

export interface TranslatedScript {
  expect: [string, unknown][];
  save: [string, string][];
  unconverted: string[];
}

const STRUCTURE = [/^pm\.test\(.*(function\s*\(\)|=>)\s*\{$/, /^\}\)?\)?;?$/, /^\{$/, /^\/\//];
const JSON_ALIAS = /^(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*pm\.response\.json\(\);?$/;
const STATUS = /^pm\.response\.to\.have\.status\((\d{3})\);?$/;
const CODE_EQUALS = /^pm\.expect\(pm\.response\.code\)\.to\.(?:eql|equal|eq)\((\d{3})\);?$/;
const EXPECT_EQUALS = /^pm\.expect\((.+)\)\.to\.(?:eql|equal|eq|be\.equal)\((.+)\);?$/;
const SET =
  /^(?:pm\.(?:environment|collectionVariables|globals|variables)\.set|postman\.setEnvironmentVariable|postman\.setGlobalVariable)\(\s*(["'])([^"']+)\1\s*,\s*(.+)\);?$/;

export function translateTestScript(source: string): TranslatedScript {
  const result: TranslatedScript = { expect: [], save: [], unconverted: [] };
  const aliases = new Set<string>();
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || STRUCTURE.some((pattern) => pattern.test(line))) continue;
    const alias = JSON_ALIAS.exec(line)?.[1];
    if (alias !== undefined) {
      aliases.add(alias);
      continue;
    }
    const status = STATUS.exec(line)?.[1] ?? CODE_EQUALS.exec(line)?.[1];
    if (status !== undefined) {
      result.expect.push(['status', Number(status)]);
      continue;
    }
    const equals = EXPECT_EQUALS.exec(line);
    const path = equals ? bodyPath(equals[1] ?? '', aliases) : undefined;
    const expected = equals ? literalValue(equals[2] ?? '') : undefined;
    if (path !== undefined && expected !== undefined) {
      result.expect.push([path, expected.value]);
      continue;
    }
    const set = SET.exec(line);
    const savedPath = set ? bodyPath(set[3] ?? '', aliases) : undefined;
    if (set?.[2] !== undefined && savedPath !== undefined) {
      result.save.push([set[2], savedPath]);
      continue;
    }
    result.unconverted.push(line);
  }
  return result;
}

/** `pm.response.json().a[0].b` or `jsonData.a[0].b` to `body.a[0].b`; undefined for anything else. */
function bodyPath(expression: string, aliases: ReadonlySet<string>): string | undefined {
  const text = expression.trim();
  const root = /^(pm\.response\.json\(\)|[A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)$/.exec(text);
  if (!root) return undefined;
  const [, base = '', rest = ''] = root;
  if (base !== 'pm.response.json()' && !aliases.has(base)) return undefined;
  return `body${rest}`;
}

/** A JSON-like literal: number, `true`/`false`/`null`, or a quoted string (single or double quotes). */
function literalValue(text: string): { value: unknown } | undefined {
  const trimmed = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return { value: Number(trimmed) };
  if (trimmed === 'true' || trimmed === 'false') return { value: trimmed === 'true' };
  if (trimmed === 'null') return { value: null };
  const quoted = /^(["'])((?:\\.|(?!\1).)*)\1$/.exec(trimmed);
  if (quoted?.[2] !== undefined) return { value: quoted[2].replace(/\\(.)/g, '$1') };
  return undefined;
}
