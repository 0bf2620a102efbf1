/**
 * Browsers copy a submitted multipart form as `--data-raw` text with a `multipart/form-data; boundary=...`
 * content type. Parsed back into parts, it becomes `multipart` (runner writes its own boundary). A copied
 * command carries no file content, so file parts become file entries named after the uploaded file.
 */
import { addComment, type ConversionNotes, type DraftMultipart } from './draftRequest.js';

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Undefined when the text is not a well-formed multipart body for this boundary. */
export function parseMultipartText(
  text: string,
  boundary: string,
  notes: ConversionNotes,
): DraftMultipart | undefined {
  const body = text.replaceAll('\r\n', '\n');
  const delimiter = `--${boundary}`;
  const pieces = body.split(`${delimiter}`);
  const closing = pieces.pop();
  if (pieces.length < 2 || pieces[0]?.trim() !== '' || closing === undefined || !closing.startsWith('--')) {
    return undefined;
  }
  const multipart: DraftMultipart = { fields: [], files: [] };
  for (const piece of pieces.slice(1)) {
    const part = readPart(piece);
    if (!part) return undefined;
    const { name, filename, contentType, content } = part;
    if (filename === undefined) {
      multipart.fields.push([name, content]);
      continue;
    }
    if (filename === '') continue;
    const comment = `put ${filename} into the assets folder (\`assets.path\`): a copied command holds no file content`;
    addComment(notes, comment);
    multipart.files.push([
      name,
      { path: filename, filename, ...(contentType !== undefined ? { contentType } : {}) },
    ]);
  }
  // Only a form runner writes back byte for byte (boundary aside) becomes `multipart` (issue 15); anything
  // else, such as a file part whose content a copied command leaves out, stays the raw body curl sends.
  return multipart.files.length === 0 && sameBytes(text, boundary, multipart) ? multipart : undefined;
}

/** The text fields as runner's multipart encoder writes them with this boundary. */
function sameBytes(text: string, boundary: string, multipart: DraftMultipart): boolean {
  const parts = multipart.fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : ''}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n` === text;
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: string;
}

/** A piece between delimiters: `\n`, headers, an empty line, the content, `\n`. */
function readPart(piece: string): Part | undefined {
  if (!piece.startsWith('\n') || !piece.endsWith('\n')) return undefined;
  const inner = piece.slice(1, -1);
  const split = inner.indexOf('\n\n');
  if (split < 0) return undefined;
  const headers = inner.slice(0, split).split('\n');
  const content = inner.slice(split + 2);
  const disposition = headers.find((line) => /^content-disposition:/i.test(line));
  const name = disposition === undefined ? undefined : parameter(disposition, 'name');
  if (name === undefined) return undefined;
  const filename = disposition === undefined ? undefined : parameter(disposition, 'filename');
  const typeLine = headers.find((line) => /^content-type:/i.test(line));
  const contentType = typeLine?.slice(typeLine.indexOf(':') + 1).trim();
  return {
    name,
    content,
    ...(filename !== undefined ? { filename } : {}),
    ...(contentType !== undefined ? { contentType } : {}),
  };
}

function parameter(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  return match?.[1]?.replace(/\\(.)/g, '$1');
}
