/**
 * Secrets inside text that stays text in the scenario: a JSON body kept as a string (numbers such as `1.0`,
 * repeated keys, or JSON sent as `text/plain`) and query parameters left in the URL (a name given twice, text
 * that does not decode). The secret's characters are replaced as written, so the template sends the same
 * bytes once the credential holds that text.
 */
import type { SecretFields, SensitiveName } from './secretNames.js';
import { escapeTemplate } from './templateText.js';
import { decodeFormComponent } from './urlParts.js';

const STRING = /"(?:[^"\\]|\\.)*"/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /\s*/y;

/** Undefined when the text is not JSON or holds no value under a secret's name. */
export function jsonTextSecrets(
  text: string,
  isSensitive: SensitiveName,
  fields: SecretFields,
): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  let out = '';
  let literalFrom = 0;
  let replaced = false;
  for (let i = 0; i < text.length;) {
    const key = matchAt(STRING, text, i);
    if (key === undefined) {
      i += 1;
      continue;
    }
    const colon = skipSpace(text, i + key.length);
    if (text[colon] !== ':') {
      i += key.length;
      continue;
    }
    const valueAt = skipSpace(text, colon + 1);
    const quoted = matchAt(STRING, text, valueAt);
    const value = quoted ?? matchAt(NUMBER, text, valueAt);
    const name = JSON.parse(key) as string;
    const inner = quoted === undefined ? value : value?.slice(1, -1);
    if (value === undefined || inner === undefined || inner === '' || !isSensitive(name)) {
      i = colon + 1;
      continue;
    }
    const start = quoted === undefined ? valueAt : valueAt + 1;
    const what = `the \`${name}\` field of the body${quoted === undefined ? '' : ', JSON-escaped'}`;
    out += escapeTemplate(text.slice(literalFrom, start)) + fields.reference(name, inner, what);
    literalFrom = start + inner.length;
    replaced = true;
    i = valueAt + value.length;
  }
  return replaced ? out + escapeTemplate(text.slice(literalFrom)) : undefined;
}

/** The URL with the values of secret query parameters replaced; undefined when it holds none. */
export function urlQuerySecrets(
  url: string,
  isSensitive: SensitiveName,
  fields: SecretFields,
): string | undefined {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return undefined;
  let replaced = false;
  const pieces = url
    .slice(queryAt + 1)
    .split('&')
    .map((piece) => {
      const eq = piece.indexOf('=');
      const name = eq > 0 ? (decodeFormComponent(piece.slice(0, eq)) ?? piece.slice(0, eq)) : undefined;
      const value = piece.slice(eq + 1);
      if (name === undefined || value === '' || !isSensitive(name)) return escapeTemplate(piece);
      replaced = true;
      const reference = fields.reference(name, value, `the \`${name}\` query parameter, URL-encoded`);
      return `${escapeTemplate(piece.slice(0, eq))}=${reference}`;
    });
  return replaced ? `${escapeTemplate(url.slice(0, queryAt))}?${pieces.join('&')}` : undefined;
}

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

function skipSpace(text: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.exec(text);
  return SPACE.lastIndex;
}
