import { symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scopeFromObject } from '../expressions/scope.js';
import { testRuntime } from '../expressions/testRuntime.js';
import type { Multipart } from '../language/model.js';
import { createAssetReader } from '../workspace/assets.js';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { buildMultipart, contentTypeFor, MultipartError, serializeMultipart } from './multipart.js';

let tree: TempTree;

beforeEach(async () => {
  tree = await tempTree({
    'assets/reports/q3.pdf': '%PDF-1.4 quarterly',
    'assets/img/a.png': 'PNG-DATA',
    'assets/notes': 'no extension',
    'secret.txt': 'top secret',
  });
});

afterEach(() => tree.remove());

const variables = { reportId: 42, quarter: 'q3', tags: ['a', 'b'] };

function build(spec: Partial<Multipart>) {
  return buildMultipart(
    { fields: {}, files: {}, ...spec },
    scopeFromObject(variables),
    testRuntime(),
    createAssetReader(tree.path('assets'), 'assets'),
  );
}

async function serialise(form: FormData): Promise<{ text: string; contentType: string }> {
  const response = new Response(form);
  return { text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

describe('buildMultipart', () => {
  it('interpolates text fields and records them', async () => {
    const { form, recorded } = await build({
      fields: { title: 'Report $reportId', id: '$reportId', tags: '$tags' },
    });
    expect(recorded.fields).toEqual({ title: 'Report 42', id: '42', tags: '["a","b"]' });
    const { text, contentType } = await serialise(form);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toContain('Content-Disposition: form-data; name="title"\r\n\r\nReport 42\r\n');
    expect(text).toContain('Content-Disposition: form-data; name="id"\r\n\r\n42\r\n');
  });

  it('sends files with their bytes, default name and a type from the extension', async () => {
    const { form, recorded } = await build({
      files: { document: { path: 'reports/${quarter}.pdf' } },
    });
    expect(recorded.files).toEqual({
      document: { filename: 'q3.pdf', contentType: 'application/pdf', size: 18 },
    });
    const { text } = await serialise(form);
    expect(text).toContain(
      'Content-Disposition: form-data; name="document"; filename="q3.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4 quarterly\r\n',
    );
  });

  it('uses the given filename and content type', async () => {
    const { form, recorded } = await build({
      fields: { title: 'x' },
      files: {
        avatar: { path: 'img/a.png', filename: 'me.png', contentType: 'image/x-custom' },
        raw: { path: 'notes' },
      },
    });
    expect(recorded.files).toEqual({
      avatar: { filename: 'me.png', contentType: 'image/x-custom', size: 8 },
      raw: { filename: 'notes', contentType: 'application/octet-stream', size: 12 },
    });
    const { text } = await serialise(form);
    expect(text).toContain(
      'name="avatar"; filename="me.png"\r\nContent-Type: image/x-custom\r\n\r\nPNG-DATA',
    );
    expect(text).toContain('name="raw"; filename="notes"\r\nContent-Type: application/octet-stream');
    // Fields come before files.
    expect(text.indexOf('name="title"')).toBeLessThan(text.indexOf('name="avatar"'));
  });

  it('keeps binary bytes intact', async () => {
    const bytes = Uint8Array.from([0, 255, 13, 10, 128, 7]);
    await writeFile(tree.path('assets', 'blob.bin'), bytes);
    const { form, recorded } = await build({ files: { data: { path: 'blob.bin' } } });
    expect(recorded.files.data?.size).toBe(6);
    const body = new Uint8Array(await new Response(form).arrayBuffer());
    const marker = new TextEncoder().encode('application/octet-stream\r\n\r\n');
    const start = indexOf(body, marker) + marker.length;
    expect([...body.slice(start, start + 6)]).toEqual([...bytes]);
  });

  it('refuses a path that escapes assets.path with `..`', async () => {
    await expect(build({ files: { f: { path: '../secret.txt' } } })).rejects.toThrow(
      'multipart.files.f: `../secret.txt` is outside assets.path (assets): `..` segments are not allowed',
    );
  });

  it('refuses an absolute path', async () => {
    await expect(build({ files: { f: { path: tree.path('secret.txt') } } })).rejects.toThrow(
      /^multipart\.files\.f: .* is outside assets\.path \(assets\): absolute paths/,
    );
  });

  it('refuses a symlink that points outside', async () => {
    await symlink(tree.path('secret.txt'), tree.path('assets', 'sneaky.txt'));
    const error: unknown = await build({ files: { f: { path: 'sneaky.txt' } } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as Error).message).toMatch(/`sneaky\.txt` is outside assets\.path .*symlink/);
  });

  it('names the part whose file is missing or whose template fails', async () => {
    await expect(build({ files: { f: { path: 'gone.csv' } } })).rejects.toThrow(
      'multipart.files.f: `gone.csv` does not exist under assets.path (assets)',
    );
    const error: unknown = await build({ fields: { t: '$reportid' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as MultipartError).message).toMatch(/^multipart\.fields\.t: variable `\$reportid`/);
    expect((error as MultipartError).hint).toMatch(/reportId/);
  });
});

describe('serializeMultipart', () => {
  it('gives the body bytes and the content type with the boundary they use', async () => {
    const { form } = await build({ fields: { title: 'T' }, files: { doc: { path: 'img/a.png' } } });
    const { body, contentType } = await serializeMultipart(form);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    expect(boundary).toBeDefined();
    const text = new TextDecoder().decode(body);
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(text).toContain('filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG-DATA');
  });
});

describe('contentTypeFor', () => {
  it('reads the MIME table by file name, case-insensitively, and falls back to octet-stream', async () => {
    expect(await contentTypeFor('a.json')).toBe('application/json');
    expect(await contentTypeFor('a.TXT')).toBe('text/plain');
    expect(await contentTypeFor('dir/a.csv')).toBe('text/csv');
    expect(await contentTypeFor('a.jpg')).toBe('image/jpeg');
    expect(await contentTypeFor('page.html')).toBe('text/html');
    expect(await contentTypeFor('a.webp')).toBe('image/webp');
    expect(await contentTypeFor('a.tar.gz')).toBe('application/gzip');
    expect(await contentTypeFor('notes.unknownext')).toBe('application/octet-stream');
    expect(await contentTypeFor('README')).toBe('application/octet-stream');
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
