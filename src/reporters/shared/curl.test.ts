import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../engine/index.js';
import { toCurl } from './curl.js';

function request(overrides: Partial<RecordedRequest>): RecordedRequest {
  return { method: 'GET', url: 'http://127.0.0.1:8080/users', headers: {}, ...overrides };
}

/** The argument list a POSIX shell hands to `curl` for the command: proves the quoting, not just its look. */
function shellWords(command: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  const out = execFileSync('sh', ['-c', script], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** The same through bash, which reads the `$'...'` quoting used for text holding terminal controls. */
function bashWords(command: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  // `\uHHHH` is decoded by the locale's charset: UTF-8 whatever the machine's default.
  const env = { ...process.env, LC_ALL: 'C.UTF-8' };
  return execFileSync('bash', ['-c', script], { encoding: 'utf8', env }).split('\0').slice(0, -1);
}

describe('toCurl', () => {
  it('writes text holding terminal controls in ANSI-C quotes, so printing it controls nothing (issue 28)', () => {
    const body = "a\u001b[2Jb\r\n::warning::x\u0007 it's \\ \u009b\u2028\u202e\tz";
    const command = toCurl(request({ method: 'POST', headers: { 'x-note': 'n\u0085' }, body }));
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(command.replaceAll(' \\\n  ', ' ')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
    expect(command).toContain(
      "--data-raw $'a\\x1b[2Jb\\r\\n::warning::x\\x07 it\\'s \\\\ \\u009b\\u2028\\u202e\\tz'",
    );
    const words = bashWords(command);
    expect(words).toContain(body);
    expect(words).toContain('x-note: n\u0085');
  });

  it('writes a GET without -X, one line per header, and no trailing newline', () => {
    const command = toCurl(request({ headers: { accept: 'application/json', 'x-trace': 'abc' } }));
    expect(command).toBe(
      ["curl 'http://127.0.0.1:8080/users'", "  -H 'accept: application/json'", "  -H 'x-trace: abc'"].join(
        ' \\\n',
      ),
    );
  });

  it('uses --head for HEAD, and -X only when the method is not the one curl implies', () => {
    expect(toCurl(request({ method: 'HEAD' }))).toBe("curl --head 'http://127.0.0.1:8080/users'");
    expect(toCurl(request({ method: 'DELETE' }))).toBe("curl -X DELETE 'http://127.0.0.1:8080/users'");
    expect(toCurl(request({ method: 'POST' }))).toBe("curl -X POST 'http://127.0.0.1:8080/users'");
    expect(toCurl(request({ method: 'POST', body: 'x' }))).not.toContain('-X');
    expect(toCurl(request({ method: 'PUT', body: 'x' }))).toMatch(/^curl -X PUT /);
    expect(toCurl(request({ method: 'GET', body: 'x' }))).toMatch(/^curl -X GET /);
  });

  it('serialises JSON bodies compactly and sends text bodies as they are', () => {
    const json = toCurl(
      request({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { a: [1, 2], b: null },
      }),
    );
    expect(json.split(' \\\n  ').at(-1)).toBe(`--data-raw '{"a":[1,2],"b":null}'`);
    const text = toCurl(request({ method: 'POST', body: 'line one\nline two' }));
    expect(shellWords(text).slice(-2)).toEqual(['--data-raw', 'line one\nline two']);
    expect(shellWords(toCurl(request({ method: 'POST', body: 0 }))).at(-1)).toBe('0');
  });

  it('takes away the content type curl would add when the step sent none (`content-type: []`)', () => {
    const sent = toCurl(request({ method: 'PUT', body: 'file text' }));
    expect(shellWords(sent)).toEqual([
      '-X',
      'PUT',
      'http://127.0.0.1:8080/users',
      '-H',
      'Content-Type:',
      '--data-raw',
      'file text',
    ]);
    const spec = toCurl({
      ...request({ method: 'PUT', body: 'file text' }),
      headers: { 'content-type': [] },
    });
    expect(shellWords(spec)).toEqual(
      shellWords(sent).map((word) => (word === 'Content-Type:' ? 'content-type:' : word)),
    );
  });

  it('escapes single quotes so the shell passes every character through unchanged', () => {
    const tricky = `it's "quoted" $HOME \`date\` \\ !x`;
    const command = toCurl(
      request({
        method: 'PATCH',
        url: "http://127.0.0.1:8080/o'neil?q=$x",
        headers: { 'x-note': tricky, 'content-type': 'application/json' },
        body: { name: tricky },
      }),
    );
    expect(command).toContain(`'\\''`);
    expect(shellWords(command)).toEqual([
      '-X',
      'PATCH',
      "http://127.0.0.1:8080/o'neil?q=$x",
      '-H',
      `x-note: ${tricky}`,
      '-H',
      'content-type: application/json',
      '--data-raw',
      JSON.stringify({ name: tricky }),
    ]);
  });

  it('sends an empty header value with curl’s `name;` form and leaves content-length to curl', () => {
    const words = shellWords(toCurl(request({ headers: { 'x-empty': '', 'Content-Length': '12' } })));
    expect(words).toEqual(['http://127.0.0.1:8080/users', '-H', 'x-empty;']);
  });

  it('writes multipart records as --form-string fields and -F files, without the recorded boundary', () => {
    const command = toCurl(
      request({
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=abc', authorization: 'Bearer [MASKED]' },
        body: {
          fields: { title: 'Q3; @draft', note: "it's" },
          files: {
            document: { filename: 'q3 "final";v2.pdf', contentType: 'application/pdf', size: 10 },
            avatar: { filename: 'me.png', contentType: 'image/png', size: 3 },
          },
        },
      }),
    );
    expect(command).not.toContain('boundary');
    expect(command).not.toContain('-X');
    expect(shellWords(command)).toEqual([
      'http://127.0.0.1:8080/users',
      '-H',
      'authorization: Bearer [MASKED]',
      '--form-string',
      'title=Q3; @draft',
      '--form-string',
      "note=it's",
      '-F',
      'document=@"q3 \\"final\\";v2.pdf";type=application/pdf',
      '-F',
      'avatar=@"me.png";type=image/png',
    ]);
  });

  it('writes the file parts first when the record lists them first, as they were sent', () => {
    const command = toCurl(
      request({
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        body: {
          files: { doc: { filename: 'a.txt', contentType: 'text/plain', size: 1 } },
          fields: { title: 'Q3' },
        },
      }),
    );
    expect(shellWords(command).slice(1)).toEqual([
      '-F',
      'doc=@"a.txt";type=text/plain',
      '--form-string',
      'title=Q3',
    ]);
  });

  it('treats a {fields, files} body without a multipart content type as JSON', () => {
    const body = { fields: {}, files: {} };
    const command = toCurl(
      request({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(shellWords(command).slice(-2)).toEqual(['--data-raw', '{"fields":{},"files":{}}']);
  });
});
