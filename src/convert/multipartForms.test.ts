import { describe, expect, it } from 'vitest';
import { assetPath } from './assetPaths.js';
import { formToMultipart } from './curlForm.js';
import type { ConversionNotes } from './draftRequest.js';
import { boundaryOf, parseMultipartText } from './multipartText.js';

const notes = (): ConversionNotes => ({ comments: [], warnings: [] });

describe('formToMultipart (-F, --form-string)', () => {
  it('reads text fields, files with type and filename, and literal --form-string values', () => {
    const collected = notes();
    const multipart = formToMultipart(
      [
        { literal: false, value: 'title=Q3;draft' },
        { literal: false, value: 'kind=report;type=text/plain' },
        { literal: false, value: 'doc=@reports/q3.pdf;type=application/pdf;filename="final; v2.pdf"' },
        { literal: false, value: 'quoted=@"my;file.txt"' },
        { literal: true, value: 'raw=@not-a-file' },
      ],
      collected,
    );
    expect(multipart.fields).toEqual([
      ['title', 'Q3;draft'],
      ['kind', 'report'],
      ['raw', '@not-a-file'],
    ]);
    expect(multipart.files).toEqual([
      ['doc', { path: 'reports/q3.pdf', contentType: 'application/pdf', filename: 'final; v2.pdf' }],
      ['quoted', { path: 'my;file.txt' }],
    ]);
    expect(collected.warnings).toEqual([]);
  });

  it('warns about `<file` values, missing names and repeated names', () => {
    const collected = notes();
    const multipart = formToMultipart(
      [
        { literal: false, value: 'bio=<bio.txt' },
        { literal: false, value: 'novalue' },
        { literal: false, value: 'a=1' },
        { literal: false, value: 'a=2' },
      ],
      collected,
    );
    expect(multipart.fields).toEqual([
      ['bio', ''],
      ['a', '1'],
    ]);
    expect(collected.warnings).toHaveLength(3);
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

  it('turns fields into fields and uploaded files into file entries, skipping empty file inputs', () => {
    const collected = notes();
    expect(parseMultipartText(body, boundary, collected)).toEqual({
      fields: [['title', 'Q3 "final"']],
      files: [['document', { path: 'q3.pdf', filename: 'q3.pdf', contentType: 'application/pdf' }]],
    });
    expect(collected.comments[0]).toContain('put q3.pdf into the assets folder');
  });

  it('is undefined for a body that does not match the boundary', () => {
    expect(parseMultipartText('just text', boundary, notes())).toBeUndefined();
    expect(parseMultipartText(body.replace(`--${boundary}--`, ''), boundary, notes())).toBeUndefined();
  });
});
