/**
 * `request.multipart` (DECISIONS, Scenario language): text fields and file uploads, sent instead of a JSON
 * body. Files are read through an AssetReader, which keeps them inside `assets.path`.
 */
import { posix } from 'node:path';
import { interpolate, type ExpressionRuntime, type VariableScope } from '../expressions/index.js';
import { valueAsText } from '../expressions/valueText.js';
import type { Multipart } from '../language/model.js';
import type { AssetReader } from '../workspace/assets.js';

/** What the report shows of a multipart body: field values, and file metadata instead of file bytes. */
export interface RecordedMultipart {
  fields: Record<string, string>;
  files: Record<string, { filename: string; contentType: string; size: number }>;
}

export interface BuiltMultipart {
  form: FormData;
  recorded: RecordedMultipart;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * DECISIONS, Platform: a file part's type comes from its name through a maintained MIME table (`.html` is
 * `text/html`); names the table does not know are sent as application/octet-stream.
 */
export async function contentTypeFor(filename: string): Promise<string> {
  // The table is large: loaded on the first upload only (start-up stays fast).
  const { lookup } = await import('./mimeTable.js');
  return lookup(posix.basename(filename)) || DEFAULT_CONTENT_TYPE;
}

/**
 * The parts in the order written: fields then files, or files then fields when `files` comes first, each in
 * the order the scenario lists them. The record keeps that order too. Errors name the part.
 */
export async function buildMultipart(
  spec: Multipart,
  scope: VariableScope,
  runtime: ExpressionRuntime,
  assets: AssetReader,
): Promise<BuiltMultipart> {
  const form = new FormData();
  const recorded: RecordedMultipart = spec.filesFirst ? { files: {}, fields: {} } : { fields: {}, files: {} };

  const appendFields = () => {
    for (const [name, template] of Object.entries(spec.fields)) {
      const value = inPart(`multipart.fields.${name}`, () =>
        valueAsText(interpolate(template, scope, runtime)),
      );
      form.append(name, value);
      recorded.fields[name] = value;
    }
  };

  if (!spec.filesFirst) appendFields();
  for (const [name, file] of Object.entries(spec.files)) {
    const where = `multipart.files.${name}`;
    const path = inPart(where, () => valueAsText(interpolate(file.path, scope, runtime)));
    const { bytes } = await inPartAsync(where, () => assets.read(path));
    // Scenario paths use `/` on every platform, so the posix basename is the file's own name.
    const filename = file.filename ?? posix.basename(path.replaceAll('\\', '/'));
    // The type follows the file read, not the name it is sent under.
    const contentType = file.contentType ?? (await contentTypeFor(path));
    form.append(name, new Blob([bytes], { type: contentType }), filename);
    recorded.files[name] = { filename, contentType, size: bytes.byteLength };
  }
  if (spec.filesFirst) appendFields();

  return { form, recorded };
}

function inPart<T>(where: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw new MultipartError(where, error);
  }
}

async function inPartAsync<T>(where: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    throw new MultipartError(where, error);
  }
}

/** Names the part that failed; keeps the original as `cause` and its hint (ExpressionError's suggestions). */
export class MultipartError extends Error {
  readonly hint: string | undefined;

  constructor(where: string, error: unknown) {
    super(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    this.name = 'MultipartError';
    const hint = (error as { hint?: unknown } | null)?.hint;
    this.hint = typeof hint === 'string' ? hint : undefined;
  }
}

/**
 * The form as bytes plus its `multipart/form-data; boundary=…` content type, for an HTTP client that
 * takes `string | Uint8Array` bodies (src/http's HttpRequest). The same bytes can be sent again on retry.
 */
export async function serializeMultipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const response = new Response(form);
  const contentType = response.headers.get('content-type') ?? 'multipart/form-data';
  return { body: new Uint8Array(await response.arrayBuffer()), contentType };
}
