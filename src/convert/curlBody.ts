/**
 * The request body: `-F` parts become `multipart`; data (`-d`, `--json`, ...) and `-T` files become a YAML map
 * when runner would send the same JSON bytes, `multipart` when it is a copied multipart form, and a raw string
 * otherwise (SPEC, request `body`). The content type is what curl sends, written out unless runner would send
 * exactly that by itself (issue 15: the same bytes on the wire).
 */
import { readCommandText, type CommandInput } from './commandFiles.js';
import { conversionError } from './conversionError.js';
import { formToMultipart } from './curlForm.js';
import { joinData } from './curlData.js';
import type { CurlInvocation } from './curlInvocation.js';
import { refuseOption } from './curlOptions.js';
import {
  findHeader,
  headerText,
  addComment,
  type ConversionNotes,
  type DraftBody,
  type DraftMultipart,
  type DraftText,
} from './draftRequest.js';
import { encodeForm, FORM_CONTENT_TYPE, graphqlPayload } from '../language/index.js';
import { parseFaithfulJson } from './jsonBody.js';
import { decodeFormComponent } from './urlParts.js';
import { boundaryOf, parseMultipartText } from './multipartText.js';

/** What runner's HTTP layer sends for a map body when a scenario names no content type (src/http/body.ts). */
const RUNNER_JSON_TYPE = 'application/json';
/** curl's content type for `-d` data, which runner sends for `form:` too. */
const CURL_DATA_TYPE = FORM_CONTENT_TYPE;

export interface BuiltBody {
  body?: DraftBody;
  multipart?: DraftMultipart;
  /** The bytes curl sends as the body; undefined for `-F`, whose length depends on curl's own boundary. */
  curlLength?: number;
  /** curl sends this body without a content type (`-T`): the step must not add one. */
  withoutContentType?: boolean;
}

export interface BodyContext {
  notes: ConversionNotes;
  input: CommandInput;
  assetsPrefix?: string;
  /** The `-T` file for this URL. */
  upload?: string;
}

export function buildBody(
  invocation: CurlInvocation,
  headers: [string, DraftText][],
  context: BodyContext,
): BuiltBody {
  const hasData = invocation.data.length > 0 && !invocation.get;
  if (invocation.form.length > 0) {
    if (hasData) {
      throw conversionError(
        'conflicting-body',
        'curl options `-F` and `-d` cannot be converted together: curl itself refuses to send form parts and data in one request',
        { hint: 'keep either the form parts or the data' },
      );
    }
    const declared = headerText(headers, 'content-type');
    if (declared !== undefined && !/^\s*multipart\/form-data\s*(;|$)/i.test(declared)) {
      throw refuseOption(
        `-H 'Content-Type: ${declared.split(';')[0] ?? ''}'`,
        'runner sends multipart bodies as multipart/form-data',
      );
    }
    removeHeader(headers, 'content-type');
    return { multipart: formToMultipart(invocation, context) };
  }
  if (context.upload !== undefined) {
    const text = readCommandText(context.input, context.upload, `-T ${context.upload}`);
    const curlLength = Buffer.byteLength(text);
    if (curlLength > 0) addComment(context.notes, uploadNote(context.upload));
    // curl uploads with no content type of its own: the step sends none either (`Content-Type: []`).
    if (headerText(headers, 'content-type') === undefined) {
      return { body: { kind: 'text', value: text }, curlLength, withoutContentType: true };
    }
    return { ...textOrJson(text, headers), curlLength };
  }
  if (!hasData) return { curlLength: 0 };

  const text = joinData(invocation.data, context.input);
  const isJsonOption = invocation.data.some((argument) => argument.kind === 'json');
  if (isJsonOption) {
    if (findHeader(headers, 'accept') < 0) headers.push(['Accept', RUNNER_JSON_TYPE]);
    else {
      const at = findHeader(headers, 'accept');
      const accept = headers[at];
      if (accept?.[1] === '*/*') accept[1] = RUNNER_JSON_TYPE;
    }
  }
  const declared = headerText(headers, 'content-type');
  if (declared === undefined)
    headers.push(['Content-Type', isJsonOption ? RUNNER_JSON_TYPE : CURL_DATA_TYPE]);

  const curlLength = Buffer.byteLength(text);
  const boundary = boundaryOf(headerText(headers, 'content-type'));
  const multipart = boundary === undefined ? undefined : parseMultipartText(text, boundary, context.notes);
  if (multipart) {
    removeHeader(headers, 'content-type');
    return { multipart, curlLength };
  }
  const form = headerText(headers, 'content-type') === FORM_CONTENT_TYPE ? formPairs(text) : undefined;
  if (form) {
    removeHeader(headers, 'content-type');
    return { body: { kind: 'form', value: form }, curlLength };
  }
  return { ...textOrJson(text, headers), curlLength };
}

/**
 * How curl 7.88 delivers an upload, which runner's HTTP client does not copy: it asks for the server's
 * go-ahead first (`Expect: 100-continue`) and streams standard input in chunks. The request is the same.
 */
function uploadNote(upload: string): string {
  const chunked =
    upload === '-' ? ', and streams standard input in chunks (`Transfer-Encoding: chunked`)' : '';
  return `curl -T: curl also sends \`Expect: 100-continue\` and waits up to a second for the server to answer \`100 Continue\` before the body${chunked}; the step sends the same request with the body at once, with its length`;
}

/**
 * `name=value&...` as `form:` pairs when runner's encoding gives back the same bytes (issue 15: a
 * `--data-urlencode` command becomes `form:`); undefined otherwise, such as for a name given twice.
 */
function formPairs(text: string): [string, string][] | undefined {
  if (text === '') return undefined;
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const name = eq > 0 ? decodeFormComponent(part.slice(0, eq)) : undefined;
    const value = eq > 0 ? decodeFormComponent(part.slice(eq + 1)) : undefined;
    if (name === undefined || value === undefined) return undefined;
    pairs.push([name, value]);
  }
  const unique = new Set(pairs.map(([name]) => name)).size === pairs.length;
  return unique && encodeForm(pairs) === text ? pairs : undefined;
}

/** A JSON map when the declared type is JSON and runner writes the same bytes back; else the text as is. */
function textOrJson(text: string, headers: [string, DraftText][]): BuiltBody {
  const contentType = headerText(headers, 'content-type');
  if (contentType !== undefined && isJsonMediaType(contentType)) {
    const parsed = parseFaithfulJson(text);
    if (parsed) {
      const exact = contentType.trim().toLowerCase() === RUNNER_JSON_TYPE;
      if (exact) removeHeader(headers, 'content-type');
      const graphql = exact ? graphqlOf(parsed.value, text) : undefined;
      return { body: graphql ? { kind: 'graphql', value: graphql } : { kind: 'json', value: parsed.value } };
    }
  }
  return { body: { kind: 'text', value: text } };
}

/** A GraphQL request body that runner's `graphql:` writes back byte for byte (key order included). */
function graphqlOf(value: unknown, text: string): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { query, variables, operationName, ...rest } = value as Record<string, unknown>;
  if (typeof query !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (operationName !== undefined && typeof operationName !== 'string') return undefined;
  if (variables !== undefined && (variables === null || typeof variables !== 'object')) return undefined;
  const payload = graphqlPayload(query, variables, operationName);
  return JSON.stringify(payload) === text ? (payload as Record<string, unknown>) : undefined;
}

function isJsonMediaType(contentType: string): boolean {
  const media = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return media.endsWith('/json') || media.endsWith('+json');
}

function removeHeader(headers: [string, DraftText][], name: string): void {
  const at = findHeader(headers, name);
  if (at >= 0) headers.splice(at, 1);
}
