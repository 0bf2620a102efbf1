/**
 * What an `expect` key or a `save` source names, read once per text: a field path under a root (`body.a[*].b`,
 * `headers.x-id`, `url`, `certificate.issuer`), a JSONPath query (`$.items[?@.n > 1]`), an XPath query
 * (`xpath(//h1)`) or a function over one of those (`count(...)`, `length(...)`, `regex(..., "...")`)
 * (DECISIONS, Wave 2 "Language additions"). The text is parsed once and shared: a run reads the same keys on
 * every step, and the step loop is benchmarked.
 */
import { didYouMeanHint } from '../../diagnostics/didYouMean.js';
import { parseQueryPath, type QuerySegment } from '../../expressions/path.js';
import { splitArguments } from './callArguments.js';

/** Roots whose value comes from the response itself, not from a parsed body. */
export const RESPONSE_FIELDS = [
  'url',
  'redirects',
  'httpVersion',
  'duration',
  'size',
  'sha256',
  'md5',
  'ip',
  'certificate',
] as const;
export type ResponseField = (typeof RESPONSE_FIELDS)[number];

/**
 * The roots a path may start with (SPEC, "`expect` paths and matchers", and DECISIONS, Wave 2). A new path
 * kind is one more root here and one more case in resolveQuery.ts, as `cookies` was.
 */
export const SUBJECT_ROOTS = [
  'status',
  'headers',
  'body',
  'jwt',
  'cache',
  ...RESPONSE_FIELDS,
  'cookies',
  // Stream and RPC steps (DECISIONS, Wave 3 "Streams and RPC steps").
  'messages',
  'events',
  'close',
  'trailers',
] as const;
export type SubjectRoot = (typeof SUBJECT_ROOTS)[number];

/** The fields of `certificate.<field>` (DECISIONS, Wave 2: HTTPS only). */
export const CERTIFICATE_FIELDS = ['subject', 'issuer', 'validFrom', 'validTo', 'serialNumber'] as const;

export const QUERY_FUNCTIONS = ['count', 'length', 'regex'] as const;
export type QueryFunction = (typeof QUERY_FUNCTIONS)[number];
/** Every function a key may start with, `xpath()` included. */
export const QUERY_FUNCTION_NAMES: readonly string[] = [...QUERY_FUNCTIONS, 'xpath'];

export type SubjectQuery =
  /** `body.items[0]`, `status`, `certificate.issuer`; `rest` is the text after the root. */
  | { kind: 'root'; root: SubjectRoot; rest: string; segments: readonly QuerySegment[] }
  /** `headers.<name>`: the name as written (header names may hold dots). */
  | { kind: 'header'; name: string }
  /** A key starting with `$`: an RFC 9535 JSONPath query over the JSON body. */
  | { kind: 'jsonpath'; expression: string }
  /** `xpath(<expr>)`: an XPath 1.0 query over an XML or HTML body. */
  | { kind: 'xpath'; expression: string }
  | { kind: 'call'; name: QueryFunction; argument: SubjectQuery; argumentText: string; pattern?: string }
  /** Text that names nothing: the message (and hint) say why, at validation and at run time alike. */
  | { kind: 'invalid'; message: string; hint?: string };

export function isSubjectRoot(root: string): root is SubjectRoot {
  return (SUBJECT_ROOTS as readonly string[]).includes(root);
}

/** `body.user.name` → root `body`, rest `user.name`; `body[0]` → rest `[0]`; `headers.x-id` → rest `x-id`. */
export function splitSubjectPath(path: string): { root: string; rest: string } {
  const match = /^([^.[]*)\.?([\s\S]*)$/.exec(path.trim());
  return { root: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/** The message for a path whose root is not one of SUBJECT_ROOTS, with a did-you-mean hint when one is close. */
function unknownRoot(root: string): { message: string; hint?: string } {
  const message = `unknown path root \`${root}\`; paths start with ${SUBJECT_ROOTS.join(', ')}, \`$\` (JSONPath) or xpath(...)`;
  const hint = didYouMeanHint(root, SUBJECT_ROOTS);
  return hint === undefined ? { message } : { message, hint };
}

const invalid = (message: string, hint?: string): SubjectQuery =>
  hint === undefined ? { kind: 'invalid', message } : { kind: 'invalid', message, hint };

const CALL = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/;

/** `"a\"b"` → `a"b`; `/x/i` stays as written (the regex engine reads the slash form). */
function readPattern(text: string): string | undefined {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(text);
  if (quoted) return (quoted[2] ?? '').replaceAll(`\\${quoted[1]}`, quoted[1] ?? '');
  return /^\/[\s\S]*\/[a-z]*$/.test(text) ? text : undefined;
}

function parseCall(name: string, inner: string): SubjectQuery {
  if (name === 'xpath') {
    const expression = inner.trim();
    return expression === ''
      ? invalid('`xpath()` needs an XPath expression, such as `xpath(//h1)`')
      : { kind: 'xpath', expression };
  }
  if (!(QUERY_FUNCTIONS as readonly string[]).includes(name)) {
    const known = [...QUERY_FUNCTIONS, 'xpath'];
    return invalid(
      `unknown function \`${name}()\`; functions are ${known.map((f) => `${f}()`).join(', ')}`,
      didYouMeanHint(name, known),
    );
  }
  const fn = name as QueryFunction;
  const args = splitArguments(inner);
  if (args === undefined) return invalid(`\`${name}(${inner})\` has unbalanced brackets or quotes`);
  const wanted = fn === 'regex' ? 2 : 1;
  const usage = fn === 'regex' ? '`regex(body, "id=(\\d+)")`' : `\`${fn}(body.items)\``;
  if (args.length !== wanted || args[0] === '') {
    return invalid(
      `\`${fn}()\` takes ${wanted === 1 ? 'one path' : 'a path and a pattern'}`,
      `write ${usage}`,
    );
  }
  const argumentText = args[0] ?? '';
  const argument = parseSubjectQuery(argumentText);
  if (argument.kind === 'invalid') return argument;
  if (fn !== 'regex') return { kind: 'call', name: fn, argument, argumentText };
  const pattern = readPattern(args[1] ?? '');
  if (pattern === undefined) {
    return invalid(`the pattern of \`regex()\` is written in quotes or slashes`, `write ${usage}`);
  }
  return { kind: 'call', name: fn, argument, argumentText, pattern };
}

function parseText(text: string): SubjectQuery {
  if (text === '') return invalid('empty path; write a path such as `status` or `body.id`');
  if (text.startsWith('$')) return { kind: 'jsonpath', expression: text };
  const call = CALL.exec(text);
  if (call) return parseCall(call[1] ?? '', call[2] ?? '');
  const opened = /^([A-Za-z_]\w*)\s*\(/.exec(text);
  if (opened) return invalid(`\`${text}\` is not a complete \`${opened[1]}(...)\``, 'close it with `)`');
  const { root, rest } = splitSubjectPath(text);
  if (!isSubjectRoot(root)) {
    const unknown = unknownRoot(root);
    return invalid(unknown.message, unknown.hint);
  }
  if (text.endsWith('.')) return invalid(`\`${text}\` ends with \`.\`; name a field after it`);
  if (root === 'headers') return { kind: 'header', name: rest };
  try {
    return { kind: 'root', root, rest, segments: parseQueryPath(rest) };
  } catch (error) {
    return invalid(error instanceof Error ? error.message : String(error));
  }
}

const parsed = new Map<string, SubjectQuery>();
const MAX_PARSED = 2_000;

/** The query a key or source names, parsed once per text (keys are written in scenarios, never secrets). */
export function parseSubjectQuery(text: string): SubjectQuery {
  let query = parsed.get(text);
  if (query === undefined) {
    query = parseText(text.trim());
    if (parsed.size < MAX_PARSED) parsed.set(text, query);
  }
  return query;
}

/** The root a query reads from, for SPEC's phase order and for the engine (JWT decoding, query engines). */
export function queryRoot(query: SubjectQuery): SubjectRoot | 'jsonpath' | 'xpath' | undefined {
  switch (query.kind) {
    case 'root':
      return query.root;
    case 'header':
      return 'headers';
    case 'jsonpath':
    case 'xpath':
      return query.kind;
    case 'call':
      return queryRoot(query.argument);
    case 'invalid':
      return undefined;
  }
}

/** The variables a query reads through `[$name]` indexes, for the "used before defined" check of `validate`. */
export function queryVariables(query: SubjectQuery): string[] {
  if (query.kind === 'call') return queryVariables(query.argument);
  if (query.kind !== 'root') return [];
  const names: string[] = [];
  for (const segment of query.segments)
    if (typeof segment === 'object' && 'variable' in segment) names.push(segment.variable);
  return names;
}
