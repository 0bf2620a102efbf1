import { constants } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { findHeader } from './headers.js';
import {
  describeInvalidJson,
  describeTooDeep,
  MAX_JSON_DEPTH,
  nestsDeeperThan,
} from '../diagnostics/jsonText.js';
import { describeBytes } from './httpError.js';
import type { HttpResponse } from './types.js';

/**
 * SPEC, request `body`: maps and lists are sent as JSON, a string as it is. `contentType` is what to send
 * when the user's headers do not already name one (compared case-insensitively).
 */
export function serializeBody(
  body: unknown,
  headers: Readonly<Record<string, string | readonly string[]>>,
): { body?: string; contentType?: string } {
  if (body === undefined) return {};
  const userSet = findHeader(headers, 'content-type') !== undefined;
  if (typeof body === 'string') {
    return userSet ? { body } : { body, contentType: 'text/plain; charset=utf-8' };
  }
  // Numbers, booleans and null are JSON values too (`body: 42` sends `42`).
  const json = JSON.stringify(body);
  return userSet ? { body: json } : { body: json, contentType: 'application/json' };
}

export interface DecodedBody {
  /** Empty when the body is too large to hold as text (`tooLarge`). */
  text: string;
  json?: unknown;
  isJson: boolean;
  /**
   * Why a body that looked like JSON is kept as text: it does not parse (with where it breaks) or it nests
   * deeper than every later walk can follow (DECISIONS.md, Wave 2 / Platform).
   */
  problem?: string;
  /**
   * Why the body has no text: it is larger than the longest string Node can hold (about 512 MiB), so it is
   * kept as bytes only (DECISIONS, "Finer points (wave 3)"). `problem` says the same.
   */
  tooLarge?: true;
}

/**
 * The longest body decoded as text: no charset turns a byte into more than one UTF-16 unit, so a body of
 * at most this many bytes always fits in a string.
 */
const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH;

function tooLargeForText(bytes: number): DecodedBody {
  const problem = `the response body (${describeBytes(bytes)}) is too large to read as text; only \`size\`, \`sha256\` and \`md5\` can check it`;
  return { text: '', isJson: false, problem, tooLarge: true };
}

/** `application/json`, `application/problem+json`, `text/json`: anything whose media type says JSON. */
function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType.endsWith('/json') || mediaType.endsWith('+json');
}

function charsetOf(contentType: string | undefined): string {
  const match = contentType === undefined ? null : /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

/** One decoder per charset label: decoding a whole body at once keeps no state between calls. */
const decoders = new Map<string, TextDecoder>();

function decodeText(bytes: Uint8Array, charset: string): string {
  let decoder = decoders.get(charset);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      // An unknown charset label: UTF-8 is the best guess and never throws.
      decoder = new TextDecoder('utf-8');
    }
    if (decoders.size < 16) decoders.set(charset, decoder);
  }
  return decoder.decode(bytes);
}

interface MediaFacts {
  charset: string;
  saysJson: boolean;
}

/** What a content type says, by its text: a run's responses repeat a handful of them. */
const mediaFacts = new Map<string | undefined, MediaFacts>();

function factsOf(contentType: string | undefined): MediaFacts {
  let facts = mediaFacts.get(contentType);
  if (facts === undefined) {
    facts = { charset: charsetOf(contentType), saysJson: isJsonMediaType(contentType) };
    if (mediaFacts.size < 64 && (contentType?.length ?? 0) <= 256) mediaFacts.set(contentType, facts);
  }
  return facts;
}

/**
 * The body as text, plus its JSON value when the content type says JSON or, lacking that, when the text is
 * a JSON object or array (servers that send JSON as text/plain are common). Invalid JSON stays text.
 */
export function decodeBody(response: Pick<HttpResponse, 'headers' | 'body'>): DecodedBody {
  if (response.body.byteLength > MAX_TEXT_BYTES) return tooLargeForText(response.body.byteLength);
  const { charset, saysJson } = factsOf(findHeader(response.headers, 'content-type'));
  const text = decodeText(response.body, charset);
  const trimmed = text.trim();
  const looksStructured = trimmed.startsWith('{') || trimmed.startsWith('[');
  if (trimmed === '' || !(saysJson || looksStructured)) return { text, isJson: false };
  if (nestsDeeperThan(trimmed, MAX_JSON_DEPTH)) return { text, isJson: false, problem: describeTooDeep() };
  try {
    return { text, json: JSON.parse(trimmed), isJson: true };
  } catch {
    // Text that merely starts with `{` is not a claim to be JSON; a JSON content type is.
    return saysJson ? { text, isJson: false, problem: describeInvalidJson(text) } : { text, isJson: false };
  }
}
