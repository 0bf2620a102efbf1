/**
 * `-F`/`--form` and `--form-string` to `multipart` (DECISIONS, Scenario language): `name=value` is a text
 * field, `name=@path;type=...;filename=...` a file. Files must live under `assets.path`, so a path is mapped
 * there (assetPaths.ts).
 */
import type { FormArgument } from './curlInvocation.js';
import type { ConversionNotes, DraftMultipart } from './draftRequest.js';
import { assetPath } from './assetPaths.js';

const PART_PARAMETERS = /^(type|filename|headers|encoder)=/;

export function formToMultipart(
  form: readonly FormArgument[],
  notes: ConversionNotes,
  assetsPrefix?: string,
): DraftMultipart {
  const multipart: DraftMultipart = { fields: [], files: [] };
  const taken = new Set<string>();
  for (const argument of form) {
    const eq = argument.value.indexOf('=');
    if (eq <= 0) {
      notes.warnings.push('a `-F` value without `name=` was not converted');
      continue;
    }
    const name = argument.value.slice(0, eq);
    const content = argument.value.slice(eq + 1);
    if (taken.has(name)) {
      notes.warnings.push(
        `form field \`${name}\` is given more than once; multipart keeps one value per name, the first`,
      );
      continue;
    }
    taken.add(name);
    if (argument.literal) {
      multipart.fields.push([name, content]);
    } else if (content.startsWith('@')) {
      const { value: path, parameters } = readPart(content.slice(1));
      const file = assetPath(path, notes, assetsPrefix);
      const filename = parameters.get('filename');
      const contentType = parameters.get('type');
      multipart.files.push([
        name,
        {
          path: file,
          ...(filename !== undefined ? { filename } : {}),
          ...(contentType !== undefined ? { contentType } : {}),
        },
      ]);
    } else if (content.startsWith('<')) {
      notes.warnings.push(
        `form field \`${name}\` reads its value from a file (\`<file\`), which is not converted; the field is left empty`,
      );
      multipart.fields.push([name, '']);
    } else {
      multipart.fields.push([name, readPart(content, false).value]);
    }
  }
  return multipart;
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
