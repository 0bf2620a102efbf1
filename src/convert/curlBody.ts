/**
 * The request body: `-F` parts become `multipart`; data (`-d`, `--json`, ...) becomes a YAML map when it is
 * JSON sent as JSON, `multipart` when it is a copied multipart form, and a raw string otherwise (SPEC,
 * request `body`: "JSON map, list or raw string"). Content types are kept as curl would send them, except
 * the ones runner sends by itself for that kind of body.
 */
import { conversionError } from './conversionError.js';
import { formToMultipart } from './curlForm.js';
import { joinData } from './curlData.js';
import type { CurlInvocation } from './curlInvocation.js';
import {
  addComment,
  findHeader,
  headerText,
  type ConversionNotes,
  type DraftBody,
  type DraftMultipart,
  type DraftText,
} from './draftRequest.js';
import { parseFaithfulJson } from './jsonBody.js';
import { boundaryOf, parseMultipartText } from './multipartText.js';

/** What runner's HTTP layer sends when a scenario names no content type (src/http/body.ts). */
const RUNNER_JSON_TYPE = 'application/json';
const RUNNER_TEXT_TYPE = 'text/plain; charset=utf-8';
/** curl's content type for `-d` data. */
const CURL_DATA_TYPE = 'application/x-www-form-urlencoded';

export interface BuiltBody {
  body?: DraftBody;
  multipart?: DraftMultipart;
}

export function buildBody(
  invocation: CurlInvocation,
  headers: [string, DraftText][],
  notes: ConversionNotes,
  assetsPrefix?: string,
): BuiltBody {
  const hasData = invocation.data.length > 0 && !invocation.get;
  if (invocation.form.length > 0) {
    if (hasData) {
      throw conversionError('conflicting-body', 'curl cannot send `-F` form parts and `-d` data together', {
        hint: 'keep either the form parts or the data',
      });
    }
    removeHeader(headers, 'content-type');
    return { multipart: formToMultipart(invocation.form, notes, assetsPrefix) };
  }
  if (!hasData) return {};

  const joined = joinData(invocation.data);
  if (joined.files.length > 0) {
    const files = joined.files.join(', ');
    notes.warnings.push(`the body is read from a file (${files}) by curl, which is not converted`);
    addComment(notes, `curl read the body from ${files}: paste its content as \`body\``);
    return {};
  }
  const isJsonOption = invocation.data.some((argument) => argument.kind === 'json');
  if (isJsonOption && findHeader(headers, 'accept') < 0) headers.push(['Accept', RUNNER_JSON_TYPE]);
  const declared = headerText(headers, 'content-type');
  const contentType = declared ?? (isJsonOption ? RUNNER_JSON_TYPE : undefined);

  const boundary = boundaryOf(contentType);
  const multipart = boundary === undefined ? undefined : parseMultipartText(joined.text, boundary, notes);
  if (multipart) {
    removeHeader(headers, 'content-type');
    return { multipart };
  }
  if (contentType !== undefined && isJsonMediaType(contentType)) {
    const parsed = parseFaithfulJson(joined.text);
    if (parsed) {
      if (sameType(declared, RUNNER_JSON_TYPE)) removeHeader(headers, 'content-type');
      return { body: { kind: 'json', value: parsed.value } };
    }
  }
  if (declared === undefined) headers.push(['Content-Type', contentType ?? CURL_DATA_TYPE]);
  else if (sameType(declared, RUNNER_TEXT_TYPE)) removeHeader(headers, 'content-type');
  return { body: { kind: 'text', value: joined.text } };
}

function isJsonMediaType(contentType: string): boolean {
  const media = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return media.endsWith('/json') || media.endsWith('+json');
}

function sameType(declared: string | undefined, runnerType: string): boolean {
  return declared !== undefined && declared.trim().toLowerCase().replace(/;\s+/g, '; ') === runnerType;
}

function removeHeader(headers: [string, DraftText][], name: string): void {
  const at = findHeader(headers, name);
  if (at >= 0) headers.splice(at, 1);
}
