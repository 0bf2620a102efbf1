/** The request data of `-d`, `--data-raw`, `--data-binary`, `--data-urlencode` and `--json`, as curl builds it. */
import type { DataArgument } from './curlInvocation.js';
import { curlUrlEncode } from './urlParts.js';

export interface JoinedData {
  text: string;
  /** Files curl would read the data from (`-d @file`); their content is not part of the command. */
  files: string[];
}

/** curl joins several data options with `&`; `--json` pieces are concatenated as they are. */
export function joinData(data: readonly DataArgument[]): JoinedData {
  const files: string[] = [];
  const pieces = data.map((argument) => {
    const piece = dataPiece(argument);
    if (piece.file !== undefined) files.push(piece.file);
    return piece.text;
  });
  const separator = data.every((argument) => argument.kind === 'json') ? '' : '&';
  return { text: pieces.join(separator), files };
}

function dataPiece(argument: DataArgument): { text: string; file?: string } {
  const { kind, value } = argument;
  if (kind === 'raw') return { text: value };
  if (kind === 'urlencode') return urlEncodedPiece(value);
  return value.startsWith('@') ? { text: '', file: value.slice(1) } : { text: value };
}

/**
 * `--data-urlencode` forms (curl's manual): `content`, `=content`, `name=content`, `@file`, `name@file`.
 * curl looks for `=` first, then `@`.
 */
export function urlEncodedPiece(value: string): { text: string; file?: string } {
  const eq = value.indexOf('=');
  if (eq >= 0) {
    const name = value.slice(0, eq);
    const content = curlUrlEncode(value.slice(eq + 1));
    return { text: name === '' ? content : `${name}=${content}` };
  }
  const at = value.indexOf('@');
  if (at >= 0) {
    const name = value.slice(0, at);
    return { text: name === '' ? '' : `${name}=`, file: value.slice(at + 1) };
  }
  return { text: curlUrlEncode(value) };
}
