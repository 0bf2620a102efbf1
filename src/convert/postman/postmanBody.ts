/**
 * A Postman request body to a scenario body, sending the bytes Newman sends: raw text as written, urlencoded
 * pairs as `form:` where runner encodes them the same way (else the encoded text), form-data as `multipart`,
 * GraphQL as `graphql:` where runner writes the same JSON (else the JSON text Postman builds).
 */
import { encodeForm, FORM_CONTENT_TYPE } from '../../language/index.js';
import { Template, type DraftRequest, type DraftText } from '../draftRequest.js';
import { postmanTemplate } from './postmanText.js';
import type { KeyValue, PostmanRequest } from './postmanTypes.js';

type PostmanBody = PostmanRequest['body'] & {
  graphql?: { query?: string; variables?: string };
  disabled?: boolean;
  options?: { raw?: { language?: string } };
};

export function applyBody(
  definition: PostmanRequest,
  request: DraftRequest,
  text: (value: string) => Template,
  unconverted: string[],
): void {
  const body = definition.body as PostmanBody | undefined;
  if (!body || body.disabled === true) return;
  if (body.mode === 'raw') {
    if ((body.raw ?? '') === '') return;
    if (body.options?.raw?.language === 'json') defaultType(request, 'application/json');
    request.body = { kind: 'text', value: text(body.raw ?? '') };
  } else if (body.mode === 'urlencoded') {
    urlencodedBody(body, request, text, unconverted);
  } else if (body.mode === 'formdata') {
    formDataBody(body, request, text, unconverted);
  } else if (body.mode === 'graphql' && body.graphql) {
    graphqlBody(body.graphql, request, text);
  } else if (body.mode === 'file') {
    unconverted.push('a file body (send it with `multipart.files`, or paste it as `body`)');
  }
}

function defaultType(request: DraftRequest, type: string): void {
  if (!request.headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    request.headers.push(['Content-Type', type]);
  }
}

/**
 * Postman's runtime encodes urlencoded pairs with Node's `querystring` plus RFC 3986's reserved `!'()*`:
 * a space is `%20` (runner's `form:`, like a browser, writes `+`), and a name given twice is sent with its
 * first occurrence (as `form:` lists do).
 */
function postmanUrlencoded(pairs: readonly (readonly [string, string])[]): string {
  const encode = (value: string) =>
    encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return grouped(pairs)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
}

function grouped(pairs: readonly (readonly [string, string])[]): [string, string][] {
  const order = [...new Set(pairs.map(([name]) => name))];
  return order.flatMap((name) =>
    pairs.filter(([key]) => key === name).map(([, value]): [string, string] => [name, value]),
  );
}

function urlencodedBody(
  body: PostmanBody,
  request: DraftRequest,
  text: (value: string) => Template,
  unconverted: string[],
): void {
  const pairs = ((Array.isArray(body.urlencoded) ? body.urlencoded : []) as KeyValue[])
    .filter((pair) => pair.disabled !== true && pair.key)
    .map((pair): [string, string] => [pair.key ?? '', String(pair.value ?? '')]);
  const literal = pairs.every(([name, value]) => !/\{\{[^{}]+\}\}/.test(name + value));
  const encoded = postmanUrlencoded(pairs);
  // `form:` holds one value per name: a name given twice is sent as Postman's encoded text.
  const repeated = new Set(pairs.map(([name]) => name)).size < pairs.length;
  if (literal && (repeated || encodeForm(grouped(pairs)) !== encoded)) {
    // Only the encoded text sends Postman's bytes; it keeps the collection's content type, or Postman's.
    defaultType(request, FORM_CONTENT_TYPE);
    request.body = { kind: 'text', value: text(encoded) };
    return;
  }
  if (!literal) {
    const literalText = pairs.flat().map((part) => part.replace(/\{\{[^{}]+\}\}/g, ''));
    if (literalText.some((part) => postmanUrlencoded([[part, '']]) !== encodeForm([[part, '']]))) {
      unconverted.push(
        "Postman's urlencoding of these form values (runner's `form` writes a space as `+` where Postman writes `%20`, and encodes `~` but not `*`)",
      );
    }
  }
  // `form:` sends the pairs urlencoded with its own content type.
  const at = request.headers.findIndex(([name]) => name.toLowerCase() === 'content-type');
  const declared = request.headers[at]?.[1];
  const declaredText = declared instanceof Template ? declared.text : declared;
  if (declaredText !== undefined && /^application\/x-www-form-urlencoded\s*$/i.test(declaredText)) {
    request.headers.splice(at, 1);
  }
  request.body = { kind: 'form', value: firstOfEachName(pairs, text, unconverted) };
}

/** `form:` sends one value per name: later values of a name are noted, not sent. */
function firstOfEachName(
  pairs: readonly [string, string][],
  text: (value: string) => Template,
  unconverted: string[],
): [string, DraftText][] {
  const out: [string, DraftText][] = [];
  for (const [name, value] of pairs) {
    if (out.some(([seen]) => seen === name)) {
      unconverted.push(`the second form value named ${name} (a \`form\` field is sent once)`);
    } else {
      out.push([name, text(value)]);
    }
  }
  return out;
}

function formDataBody(
  body: PostmanBody,
  request: DraftRequest,
  text: (value: string) => Template,
  unconverted: string[],
): void {
  const multipart: NonNullable<DraftRequest['multipart']> = { fields: [], files: [] };
  for (const part of (Array.isArray(body.formdata) ? body.formdata : []) as KeyValue[]) {
    if (part.disabled === true || !part.key) continue;
    if (part.type === 'file') {
      const src = Array.isArray(part.src) ? String(part.src[0] ?? '') : String(part.src ?? '');
      const name = src.replaceAll('\\', '/').split('/').pop() || part.key;
      multipart.files.push([part.key, { path: name }]);
      unconverted.push(
        `the file ${src || '(none chosen)'} of form part ${part.key}: put it in the assets folder as ${name}`,
      );
    } else if (multipart.fields.some(([name]) => name === part.key)) {
      unconverted.push(`the second form part named ${part.key} (a multipart field is sent once)`);
    } else {
      multipart.fields.push([part.key, text(String(part.value ?? ''))]);
    }
  }
  request.multipart = multipart;
  const at = request.headers.findIndex(([name]) => name.toLowerCase() === 'content-type');
  if (at >= 0) request.headers.splice(at, 1);
}

/**
 * Postman sends `{"query":...,"variables":<the variables text as written>}`: runner's `graphql:` writes the
 * same bytes when that text is compact JSON (or absent); otherwise the JSON text is kept as the body.
 */
function graphqlBody(
  graphql: { query?: string; variables?: string },
  request: DraftRequest,
  text: (value: string) => Template,
): void {
  const query = graphql.query ?? '';
  const variablesText = graphql.variables ?? '';
  let variables: unknown;
  try {
    variables = variablesText === '' ? undefined : JSON.parse(variablesText);
  } catch {
    variables = undefined;
  }
  const compact =
    variablesText === '' || (variables !== undefined && JSON.stringify(variables) === variablesText);
  if (compact && postmanTemplate(variablesText).variables.length === 0) {
    request.body = {
      kind: 'graphql',
      value: { query: text(query), ...(variables !== undefined ? { variables } : {}) },
    };
    return;
  }
  defaultType(request, 'application/json');
  const json = `{"query":${JSON.stringify(query)}${variablesText === '' ? '' : `,"variables":${variablesText}`}}`;
  request.body = { kind: 'text', value: text(json) };
}
