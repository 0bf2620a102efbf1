import { describe, expect, it } from 'vitest';
import { assetPath } from './assetPaths.js';
import { formToMultipart } from './curlForm.js';
import { emptyInvocation } from './curlInvocation.js';
import type { ConversionNotes } from './draftRequest.js';
import { boundaryOf, parseMultipartText } from './multipartText.js';

const notes = (): ConversionNotes => ({ comments: [], warnings: [] });

describe('formToMultipart (-F, --form-string)', () => {
  const files = {
    read: (path: string) =>
      path.endsWith('.txt') || path.endsWith('.pdf') ? new Uint8Array([65]) : undefined,
  };
  const form = (...values: string[]) =>
    formToMultipart(
      {
        ...emptyInvocation(),
        form: values.map((value) => ({ literal: value.startsWith('!'), value: value.replace(/^!/, '') })),
      },
      { notes: notes(), input: { files } },
    );

  it("reads text fields, then files with curl's content type and file name, and literal --form-string values", () => {
    const multipart = form(
      'title=Q3;draft',
      '!raw=@not-a-file',
      'doc=@reports/q3.pdf;filename="final; v2.pdf"',
      'quoted=@"my;file.txt"',
      'other=@data.txt;type=text/csv',
    );
    expect(multipart.fields).toEqual([
      ['title', 'Q3;draft'],
      ['raw', '@not-a-file'],
    ]);
    expect(multipart.files).toEqual([
      ['doc', { path: 'reports/q3.pdf', contentType: 'application/pdf', filename: 'final; v2.pdf' }],
      ['quoted', { path: 'my;file.txt', contentType: 'text/plain' }],
      ['other', { path: 'data.txt', contentType: 'text/csv' }],
    ]);
  });

  it('keeps file parts first when the form starts with them (curl sends the parts in order)', () => {
    const multipart = form('f=@a.txt', 'a=1', 'b=2');
    expect(multipart.filesFirst).toBe(true);
    expect(multipart.files.map(([name]) => name)).toEqual(['f']);
    expect(multipart.fields).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(form('a=1', 'f=@a.txt').filesFirst).toBeUndefined();
  });

  it('refuses, naming the option, what runner would send in another shape', () => {
    expect(() => form('a=1', 'a=2')).toThrow('the part `a` is given twice');
    expect(() => form('a=1', 'f=@a.txt', 'b=2')).toThrow('text and file parts alternate');
    expect(() => form('f=@a.txt', 'a=1', 'g=@b.txt')).toThrow('text and file parts alternate');
    expect(() => form('kind=report;type=text/plain')).toThrow('`;type=`');
    expect(() => form('f=@missing.bin')).toThrow('`-F f=@missing.bin`');
    expect(() => form('!a=x\ny')).toThrow('bare line breaks');
    expect(() => form('novalue')).toThrow('`-F`');
  });
});

describe('assetPath', () => {
  it('strips the assets folder, keeps other relative paths and names escaping ones by file name', () => {
    const collected = notes();
    expect(assetPath('assets/img/a.png', collected, 'assets')).toBe('img/a.png');
    expect(assetPath('./img/a.png', collected)).toBe('img/a.png');
    expect(assetPath('/home/me/a.png', collected)).toBe('a.png');
    expect(assetPath('..\\up\\b.png', collected)).toBe('b.png');
    expect(assetPath('C:\\Users\\me\\c.png', collected)).toBe('c.png');
    expect(collected.comments).toContain(
      'copy /home/me/a.png into the assets folder (`assets.path`) as a.png',
    );
  });
});

describe('parseMultipartText (a copied multipart body)', () => {
  const boundary = '----WebKitFormBoundaryAbC123';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="title"',
    '',
    'Q3 "final"',
    `--${boundary}`,
    'Content-Disposition: form-data; name="document"; filename="q3.pdf"',
    'Content-Type: application/pdf',
    '',
    '',
    `--${boundary}`,
    'Content-Disposition: form-data; name="empty"; filename=""',
    'Content-Type: application/octet-stream',
    '',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');

  it('reads the boundary from the content type', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeUndefined();
  });

  it('turns text fields into multipart only when runner writes the same bytes back', () => {
    const fieldsOnly = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'Q3',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expect(parseMultipartText(fieldsOnly, boundary, notes())).toEqual({
      fields: [['title', 'Q3']],
      files: [],
    });
    // A copied file part holds no file content: the raw body curl sends is kept instead.
    expect(parseMultipartText(body, boundary, notes())).toBeUndefined();
  });

  it('is undefined for a body that does not match the boundary', () => {
    expect(parseMultipartText('just text', boundary, notes())).toBeUndefined();
    expect(parseMultipartText(body.replace(`--${boundary}--`, ''), boundary, notes())).toBeUndefined();
  });
});
