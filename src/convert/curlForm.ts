/**
 * `-F`/`--form` and `--form-string` to `multipart` (DECISIONS, Scenario language): `name=value` is a text
 * field, `name=@path;type=...;filename=...` a file. Files must live under `assets.path`, so a path is mapped
 * there (assetPaths.ts).
 */
import { readCommandText } from './commandFiles.js';
import type { BodyContext } from './curlBody.js';
import type { CurlInvocation } from './curlInvocation.js';
import { refuseOption } from './curlOptions.js';
import type { DraftMultipart } from './draftRequest.js';
import { assetPath } from './assetPaths.js';

const PART_PARAMETERS = /^(type|filename|headers|encoder)=/;

/** curl 7.88's own guess of a file part's type (lib/mime.c), written out so runner sends the same. */
const CURL_FILE_TYPES: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

/**
 * runner sends the parts in the order written, one block of fields and one of files, either first, each part
 * under one name (src/engine/multipart.ts); a form curl would send differently (text and file parts
 * alternating, a name given twice) is refused by name rather than sent in another shape.
 */
export function formToMultipart(invocation: CurlInvocation, context: BodyContext): DraftMultipart {
  const multipart: DraftMultipart = { fields: [], files: [] };
  const taken = new Set<string>();
  for (const argument of invocation.form) {
    const option = argument.literal ? '--form-string' : '-F';
    const eq = argument.value.indexOf('=');
    if (eq <= 0) throw refuseOption(option, 'a part without `name=`, which curl itself refuses');
    const name = argument.value.slice(0, eq);
    const content = argument.value.slice(eq + 1);
    if (taken.has(name))
      throw refuseOption(option, `the part \`${name}\` is given twice; multipart keeps one per name`);
    if (/["\\\r\n]/.test(name))
      throw refuseOption(option, `the part name \`${name}\` is escaped differently by runner`);
    taken.add(name);
    if (argument.literal) {
      addField(multipart, [name, checkedText(content, option)], option);
    } else if (content.startsWith('@')) {
      const { value: path, parameters } = readPart(content.slice(1));
      if (context.input.files?.read(path) === undefined) {
        throw refuseOption(`-F ${name}=@${path}`, `the file \`${path}\` cannot be read`);
      }
      const file = assetPath(path, context.notes, context.assetsPrefix);
      const filename = parameters.get('filename');
      if (filename !== undefined && /["\\\r\n]/.test(filename)) {
        throw refuseOption(option, `the file name \`${filename}\` is escaped differently by runner`);
      }
      if (parameters.has('headers')) {
        throw refuseOption(
          option,
          'a part with `;headers=`: runner sends a file part with only its name, file name and type',
        );
      }
      const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
      const contentType = parameters.get('type') ?? CURL_FILE_TYPES[extension] ?? 'application/octet-stream';
      if (multipart.fields.length > 0 && multipart.filesFirst) throw partsAlternate(option);
      if (multipart.files.length === 0 && multipart.fields.length === 0) multipart.filesFirst = true;
      multipart.files.push([
        name,
        { path: file, ...(filename !== undefined ? { filename } : {}), contentType },
      ]);
    } else {
      const part = content.startsWith('<')
        ? {
            value: readCommandText(context.input, content.slice(1), `${option} ${name}=${content}`),
            parameters: new Map<string, string>(),
          }
        : readPart(content, false);
      if (part.parameters.size > 0) {
        throw refuseOption(
          option,
          `the text part \`${name}\` has \`;${[...part.parameters.keys()][0] ?? ''}=\`, which runner cannot send`,
        );
      }
      addField(multipart, [name, checkedText(part.value, option)], option);
    }
  }
  return multipart;
}

/** A text part: after file parts only when the form started with them (files first, then fields). */
function addField(multipart: DraftMultipart, field: [string, string], option: string): void {
  if (multipart.files.length > 0 && !multipart.filesFirst) throw partsAlternate(option);
  multipart.fields.push(field);
}

function partsAlternate(option: string): Error {
  return refuseOption(
    option,
    'text and file parts alternate: runner sends the text parts together and the file parts together, either block first, in the order written',
  );
}

/** The multipart encoder writes every line break as CRLF; a lone `\n` or `\r` would change. */
function checkedText(value: string, option: string): string {
  if (/\r(?!\n)|(?<!\r)\n/.test(value)) {
    throw refuseOption(option, 'a text part with bare line breaks is sent with CRLF line breaks by runner');
  }
  return value;
}

/**
 * A part's value and its `;key=value` parameters. A file name may be double-quoted (`@"a;b.txt"`), with
 * `\"` and `\\` inside. For a text value, only a `;` followed by a known parameter ends it.
 */
function readPart(text: string, isFile = true): { value: string; parameters: Map<string, string> } {
  let value = '';
  let i = 0;
  if (text.startsWith('"')) {
    i = 1;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) i += 1;
      value += text[i];
      i += 1;
    }
    i += 1;
  } else {
    let end = i;
    while (end < text.length) {
      const semicolon = text.indexOf(';', end);
      if (semicolon < 0) {
        end = text.length;
        break;
      }
      if (isFile || PART_PARAMETERS.test(text.slice(semicolon + 1))) {
        end = semicolon;
        break;
      }
      end = semicolon + 1;
    }
    value = text.slice(0, end);
    i = end;
  }
  return { value, parameters: readParameters(text.slice(i)) };
}

function readParameters(text: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const piece of splitOutsideQuotes(text)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const value = piece.slice(eq + 1).trim();
    const quoted = /^"(.*)"$/s.exec(value)?.[1];
    parameters.set(
      piece.slice(0, eq).trim().toLowerCase(),
      quoted === undefined ? value : quoted.replace(/\\(.)/g, '$1'),
    );
  }
  return parameters;
}

/** `;type=x;filename="a;b"` splits into its parameters; a `;` inside double quotes is text. */
function splitOutsideQuotes(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted && ch === '\\') {
      current += ch + (text[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      pieces.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  pieces.push(current);
  return pieces;
}
