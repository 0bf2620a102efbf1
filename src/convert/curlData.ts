/**
 * The request data of `-d`, `--data-raw`, `--data-binary`, `--data-urlencode` and `--json`, as curl builds it,
 * with the files and standard input they name read when converting (curl's manual: `-d @file` drops carriage
 * returns and newlines, `--data-binary @file` and `--json @file` keep the bytes).
 */
import { readCommandText, type CommandInput } from './commandFiles.js';
import type { DataArgument } from './curlInvocation.js';
import { curlUrlEncode } from './urlParts.js';

const SPELLED: Record<DataArgument['kind'], string> = {
  data: '-d',
  raw: '--data-raw',
  binary: '--data-binary',
  urlencode: '--data-urlencode',
  json: '--json',
};

/** curl joins several data options with `&`; `--json` pieces are concatenated as they are. */
export function joinData(data: readonly DataArgument[], input: CommandInput): string {
  const pieces = data.map((argument) => dataPiece(argument, input));
  const separator = data.every((argument) => argument.kind === 'json') ? '' : '&';
  return pieces.join(separator);
}

function dataPiece(argument: DataArgument, input: CommandInput): string {
  const { kind, value } = argument;
  if (kind === 'raw') return value;
  if (kind === 'urlencode') return urlEncodedPiece(value, input, SPELLED[kind]);
  if (!value.startsWith('@')) return value;
  const text = readCommandText(input, value.slice(1), `${SPELLED[kind]} ${value}`);
  return kind === 'data' ? text.replace(/[\r\n]/g, '') : text;
}

/**
 * `--data-urlencode` and `--url-query` forms (curl's manual): `content`, `=content`, `name=content`, `@file`,
 * `name@file`; curl looks for `=` first, then `@`. `--url-query` also takes `+content`: sent as written.
 */
export function urlEncodedPiece(value: string, input: CommandInput, option: string): string {
  if (option === '--url-query' && value.startsWith('+')) return value.slice(1);
  const encode = (text: string) => curlUrlEncode(text, option === '--url-query');
  const eq = value.indexOf('=');
  const at = value.indexOf('@');
  if (eq >= 0 && (at < 0 || eq < at)) {
    const name = value.slice(0, eq);
    const content = encode(value.slice(eq + 1));
    return name === '' ? content : `${name}=${content}`;
  }
  if (at >= 0) {
    const name = value.slice(0, at);
    const content = encode(readCommandText(input, value.slice(at + 1), `${option} ${value}`));
    return name === '' ? content : `${name}=${content}`;
  }
  return encode(value);
}
