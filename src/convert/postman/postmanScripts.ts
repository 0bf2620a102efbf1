/**
 * The common forms of Postman test scripts become checks and saves (DECISIONS, Authoring: `runner import
 * postman`): `pm.response.to.have.status(n)`, `pm.expect(<json path>).to.eql(v)` (also `.equal`, `.eq`) and
 * `pm.environment.set(k, <json path>)` (also `pm.collectionVariables`, `pm.globals`, `pm.variables` and the
 * old `postman.setEnvironmentVariable`). A json path is `pm.response.json()` (or the older
 * `JSON.parse(responseBody)`) or a variable assigned from one (`var user = json.user || {};` too), followed by
 * `.name` and `[index]` parts. Every other statement is kept as a `not converted:` comment and
 * counted; lines that only open or close a `pm.test(...)` block are structure, not statements.
 */

export interface TranslatedScript {
  expect: [string, unknown][];
  save: [string, string][];
  unconverted: string[];
}

const STRUCTURE = [/^pm\.test\(.*(function\s*\(\)|=>)\s*\{$/, /^\}\)?\)?;?$/, /^\{$/, /^\/\//];
/** `var x = <json path>;`, also with a `|| {}` fallback: `x` then stands for that path. */
const ALIAS = /^(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(.+?)(?:\s*\|\|\s*\{\s*\})?;?$/;
const STATUS = /^pm\.response\.to\.have\.status\((\d{3})\);?$/;
const CODE_EQUALS = /^pm\.expect\(pm\.response\.code\)\.to\.(?:eql|equal|eq)\((\d{3})\);?$/;
/** The older sandbox's form: `tests["Status code is 200"] = responseCode.code === 200;`. */
const TESTS_CODE = /^tests\[(["'])(?:(?!\1).)*\1\]\s*=\s*\(?\s*responseCode\.code\s*===?\s*(\d{3})\s*\)?;?$/;
const EXPECT_EQUALS = /^pm\.expect\((.+)\)\.to\.(?:eql|equal|eq|be\.equal)\((.+)\);?$/;
const GUARDED = /^if\s*\((.+?)\)\s*(\S.*)$/;
const SET =
  /^(?:pm\.(?:environment|collectionVariables|globals|variables)\.set|postman\.setEnvironmentVariable|postman\.setGlobalVariable)\(\s*(["'])([^"']+)\1\s*,\s*(.+)\);?$/;

export function translateTestScript(source: string): TranslatedScript {
  const result: TranslatedScript = { expect: [], save: [], unconverted: [] };
  const aliases = new Map<string, string>();
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || STRUCTURE.some((pattern) => pattern.test(line))) continue;
    const reassigned = /^([A-Za-z_$][\w$]*)\s*=[^=]/.exec(line)?.[1];
    if (reassigned !== undefined && aliases.delete(reassigned)) {
      // Its value is no longer the path it was assigned from: later statements using it stay comments.
      result.unconverted.push(line);
      continue;
    }
    const alias = ALIAS.exec(line);
    const aliased = alias ? bodyPath(alias[2] ?? '', aliases) : undefined;
    if (alias?.[1] !== undefined && aliased !== undefined) {
      aliases.set(alias[1], aliased);
      continue;
    }
    const status = STATUS.exec(line)?.[1] ?? CODE_EQUALS.exec(line)?.[1] ?? TESTS_CODE.exec(line)?.[2];
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
    // `if (json.id) pm.environment.set("id", json.id);`: the guard only skips a missing value, and a save of a
    // missing path leaves the variable as it was, as Postman does.
    const guarded = GUARDED.exec(line);
    const set = SET.exec(
      guarded && bodyPath(guarded[1] ?? '', aliases) !== undefined ? (guarded[2] ?? '') : line,
    );
    const savedPath = set ? bodyPath(set[3] ?? '', aliases) : undefined;
    if (set?.[2] !== undefined && savedPath !== undefined) {
      result.save.push([set[2], savedPath]);
      continue;
    }
    result.unconverted.push(line);
  }
  return result;
}

/**
 * `pm.response.json().a[0].b`, `JSON.parse(responseBody).a` (the older form) or `jsonData.a[0].b` (an alias of
 * either, or of a path in them) to `body.a[0].b`; undefined for anything else.
 */
function bodyPath(expression: string, aliases: ReadonlyMap<string, string>): string | undefined {
  const text = expression.trim();
  const root =
    /^(pm\.response\.json\(\)|JSON\.parse\(responseBody\)|[A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)$/.exec(
      text,
    );
  if (!root) return undefined;
  const [, base = '', rest = ''] = root;
  const path = base.includes('(') ? 'body' : aliases.get(base);
  return path === undefined ? undefined : `${path}${rest}`;
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
