import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { DATA_MD5, DATA_SHA256, responsePathsApp } from '../support/responsePathsApp.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// The examples of Hurl's documentation pages "Asserting response" and "Capturing response" that the path
// language covers (DECISIONS, Wave 2 "Language additions"), written as runner scenarios and run by the built
// CLI against local fixtures reached as `localhost`. Examples that need form bodies, header lists, cookies or
// date matchers belong to other work and are not here.

let plain: TestServer;
let secure: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

const localhost = (server: TestServer) => server.url.replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  plain = await startTestServer({ handler: responsePathsApp });
  secure = await startTestServer({ http2: true, handler: responsePathsApp });
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
  const environment = `baseUrl: ${localhost(plain)}\nservices:\n  secure:\n    baseUrl: ${localhost(secure)}\nhttp: { insecure: true }\n`;
  await writeEnvironment(dir, 'local', environment);
  await writeEnvironment(
    dir,
    'manual',
    `${environment.replace('insecure: true', 'insecure: true, maxRedirects: 0')}`,
  );
});
afterAll(async () => {
  await cleanup();
  await plain.close();
  await secure.close();
});

async function scenario(name: string, yaml: string): Promise<string> {
  const file = join(dir, '.runner/tests', `${name}.yaml`);
  await writeFile(file, yaml);
  return `.runner/tests/${name}.yaml`;
}

async function run(file: string, ...flags: string[]) {
  const validated = await runCli(['validate', file], { cwd: dir });
  const result = await runCli(['run', file, '--report', 'json', ...flags], { cwd: dir });
  // Exit 2 writes no report: show what the CLI said instead.
  if (result.code === 2) throw new Error(`${validated.stdout}\n${result.stdout}${result.stderr}`);
  const report = JSON.parse(await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8')) as {
    steps: {
      label: string;
      passed: boolean;
      saved?: Record<string, unknown>;
      assertions: { path: string; passed: boolean }[];
    }[];
  };
  return { validated, ...result, report };
}

describe('Hurl "Asserting response" examples', () => {
  it('runs every expressible assert example against local fixtures', async () => {
    const file = await scenario(
      'asserts',
      `scenario: Hurl asserts
steps:
  - name: Intro (bytes count, header, jsonpath)
    request: { method: GET, url: /cats }
    expect:
      - status: 200
      - headers.content-type: contains utf-8
      - count($.cats): 49
      - $.cats[0].name: Felix
      - $.cats[0].lives: 9
      - size: gt 100
  - name: Status 404
    request: { method: GET, url: /404.html }
    expect: { status: 404 }
  - name: Status range, a path written twice
    request: { method: GET, url: /404.html }
    expect:
      - status: gt 400
      - status: lte 500
  - name: HTTP/2
    request: { method: GET, url: /cats, service: secure }
    expect:
      - httpVersion: "2"
      - status: 200
  - name: XPath on an HTML page
    request: { method: GET, url: /home }
    expect:
      - xpath(boolean(count(//h1))): true
      - xpath(//h1): not empty
      - xpath(string(//article/@data-visible)): "true"
      - headers.content-type: contains text/html
      - headers.last-modified: Wed, 21 Oct 2015 07:28:00 GMT
      - xpath(normalize-space(//h1)): contains Welcome
      - count(xpath(//h2)): 13
      - xpath(string(//article/@data-id)): startsWith electric
      - xpath(string(/html/head/title)): contains Example
      - xpath(count(//p)): 2
      - count(xpath(//p)): 2
      - xpath(boolean(count(//h4))): false
      - xpath(//h4): empty
      - body: contains <h1>Welcome to Example</h1>
  - name: Status under 300
    request: { method: GET, url: /home }
    expect: { status: lt 300 }
  - name: XPath with namespaces
    request: { method: GET, url: /assert-xpath }
    expect:
      - xpath(string(//bk:book/bk:title)): Cheaper by the Dozen
      - xpath(string(//*[name()='bk:book']/*[name()='bk:title'])): Cheaper by the Dozen
      - xpath(string(//*[local-name()='book']/*[local-name()='title'])): Cheaper by the Dozen
      - xpath(string(//bk:book/isbn:number)): "1568491379"
      - xpath(string(//*[name()='bk:book']/*[name()='isbn:number'])): "1568491379"
      - xpath(string(//*[local-name()='book']/*[local-name()='number'])): "1568491379"
  - name: JSONPath
    request: { method: GET, url: /json }
    expect:
      - $.slideshow.author: Yours Truly
      - $.slideshow.slides[0].title: contains Wonder
      - count($.slideshow.slides): 2
      - $.slideshow.date: not null
      - $.slideshow.slides[*].title: contains "Mind Blowing!"
      - body.slideshow.slides[*].title: contains "Mind Blowing!"
  - name: Matches
    request: { method: GET, url: /hello }
    expect:
      - $.date: regex ^\\d{4}-\\d{2}-\\d{2}$
      - $.name: regex Hello [a-zA-Z]+!
      - $.date: regex /^\\d{4}-\\d{2}-\\d{2}$/
  - name: Regex assert
    request: { method: GET, url: /date }
    expect:
      - regex(body, "^(\\d{4}-\\d{2}-\\d{2})$"): "2018-12-31"
      - regex(body, /^(\\d{4}-\\d{2}-\\d{2})$/): "2018-12-31"
  - name: SHA-256, MD5 and bytes count
    request: { method: GET, url: /data.bin }
    expect:
      - sha256: ${DATA_SHA256}
      - md5: ${DATA_MD5}
      - size: 120
      - headers.content-length: "120"
  - name: Variable assert, through a capture
    request: { method: GET, url: /api/pets }
    expect:
      - count(xpath(//pets)): 200
    save:
      pets: xpath(//pets)
  - name: Duration
    request: { method: GET, url: /helloworld }
    expect:
      - duration: lt 1000
      - ip: oneOf 127.0.0.1,::1
  - name: URL after redirects
    request: { method: GET, url: /redirecting }
    expect:
      - status: 200
      - url: ${localhost(plain)}/redirected
      - redirects[0].status: 302
      - redirects[0].url: ${localhost(plain)}/redirected
      - count(redirects): 1
  - name: Certificate
    request: { method: GET, url: /cats, service: secure }
    expect:
      - certificate.subject: contains CN=localhost
      - certificate.issuer: exists
      - certificate.validFrom: date-time
      - certificate.validTo: date-time
      - certificate.serialNumber: regex ^[0-9a-f]+$
`,
    );
    const result = await run(file);
    expect(result.validated.stdout + result.validated.stderr).not.toMatch(/error/i);
    expect(result.validated.code).toBe(0);
    expect(result.stdout).not.toContain('✗');
    expect(result.code).toBe(0);
    expect(result.report.steps.find((step) => step.label.startsWith('Variable'))?.saved?.pets).toHaveLength(
      200,
    );
  });

  it('checks the Location and Last-Modified of a redirect when redirects are not followed', async () => {
    const file = await scenario(
      'header-asserts',
      `scenario: Header asserts on a 302
steps:
  - request: { method: GET, url: /redirecting }
    expect:
      - status: 302
      - headers.location: contains /redirected
      - headers.last-modified: regex \\d{2} [a-zA-Z]{3} \\d{4}
`,
    );
    const result = await run(file, '--env', 'manual');
    expect(result.stdout).not.toContain('✗');
    expect(result.code).toBe(0);
  });
});

describe('Hurl "Capturing response" examples', () => {
  it('saves every expressible capture and uses it in later steps', async () => {
    const file = await scenario(
      'captures',
      `scenario: Hurl captures
steps:
  - name: CSRF token from the HTML
    request: { method: GET, url: /home }
    save:
      csrf_token: xpath(normalize-space(//meta[@name='_csrf_token']/@content))
      pet-id: xpath(normalize-space(//div[@id='pet0']))
      my_status: status
      my_body: body
  - name: Log in with it
    request:
      method: POST
      url: /login
      headers: { X-CSRF-TOKEN: $csrf_token }
    expect:
      - url: ${localhost(plain)}/home
      - redirects[0].status: 302
  - name: Open the captured pet
    request: { method: GET, url: '/home/pets/\${pet-id}' }
    expect: { body.id: 5646eaf23 }
  - name: Landing URL and duration
    request: { method: GET, url: /redirecting }
    save:
      landing_url: url
      duration_in_ms: duration
  - name: JSONPath captures
    request: { method: GET, url: /captures-json }
    save:
      an_object: $['an_object']
      a_list: $['a_list']
      a_null: $['a_null']
      an_integer: $['an_integer']
      a_float: $['a_float']
      a_bool: $['a_bool']
      a_string: $['a_string']
      all: $
  - name: A JSONPath capture from a POST answer
    request: { method: POST, url: /api/contact, body: { email: toto@rookie.net } }
    save:
      contact-id: $['id']
  - name: Regex captures
    request: { method: GET, url: /helloworld }
    save:
      id_a: regex(body, "id_a:([0-9]+)")
      id_b: regex(body, "id_b:(\\d+)")
      id_c: regex(body, /id_c:(\\d+)/)
      name: regex(body, "Hello ([a-zA-Z]+)")
      in: body
  - name: Variable capture
    set:
      name_copy: $name
  - name: Certificate captures
    request: { method: GET, url: /cats, service: secure }
    save:
      cert_subject: certificate.subject
      cert_issuer: certificate.issuer
      cert_expire_date: certificate.validTo
      cert_serial_number: certificate.serialNumber
  - name: XPath node-set capture
    request: { method: GET, url: /api/pets }
    save:
      pets: xpath(//pets)
`,
    );
    const result = await run(file);
    expect(result.validated.code).toBe(0);
    expect(result.stdout).not.toContain('✗');
    expect(result.code).toBe(0);
    const saved = Object.assign({}, ...result.report.steps.map((step) => step.saved ?? {})) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({
      csrf_token: '7d1e4f',
      'pet-id': '5646eaf23',
      my_status: 200,
      landing_url: `${localhost(plain)}/redirected`,
      an_object: { id: '123' },
      a_list: [1, 2, 3],
      a_null: null,
      an_integer: 1,
      a_float: 1.1,
      a_bool: true,
      a_string: 'hello',
      'contact-id': 'c-42',
      id_a: '123',
      id_b: '456',
      id_c: '789',
      name: 'World',
      cert_subject: expect.stringContaining('CN=localhost') as unknown,
      cert_serial_number: expect.stringMatching(/^[0-9a-f]+$/) as unknown,
      cert_expire_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) as unknown,
    });
    expect(typeof saved.duration_in_ms).toBe('number');
    expect(saved.my_body).toContain('<h1>Welcome to Example</h1>');
    expect((saved.all as Record<string, unknown>).a_string).toBe('hello');
    expect(saved.pets).toHaveLength(200);
  });
});

describe('failing checks name the path, the expected value and the actual one', () => {
  it('explains a hash mismatch, an empty JSONPath, a missing field and a regex without a match', async () => {
    const file = await scenario(
      'failures',
      `scenario: Failing paths
steps:
  - request: { method: GET, url: /data.bin }
    expect:
      - sha256: 039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81
  - set: { i: 7 }
  - request: { method: GET, url: /json }
    expect:
      - $.slideshow.slides[?@.type == 'none'].title: contains Overview
      - $.slideshow.autor: Yours Truly
      - body.slideshow.slides[$i].title: Overview
      - count(body.slideshow.slides): 3
      - length($.slideshow.author): 3
  - request: { method: GET, url: /helloworld }
    expect:
      - regex(body, "id_z:(\\d+)"): "1"
      - xpath(//p): empty
`,
    );
    const result = await run(file);
    expect(result.code).toBe(1);
    const out = result.stdout;
    expect(out).toContain(
      `sha256 = "039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81" (expected), got "${DATA_SHA256}"`,
    );
    expect(out).toContain(
      `$.slideshow.slides[?@.type == 'none'].title = contains "Overview" (expected), got [] (the JSONPath matched nothing)`,
    );
    expect(out).toContain(
      '$.slideshow.autor: JSONPath matched nothing (path not found; available fields: author, date, slides, title)',
    );
    expect(out).toContain(
      'body.slideshow.slides[$i].title: path not found: `body.slideshow.slides` has 2 items',
    );
    expect(out).toContain('count(body.slideshow.slides) = 3 (expected), got 2');
    expect(out).toContain('length($.slideshow.author) = 3 (expected), got 11');
    expect(out).toContain('regex(body, "id_z:(\\d+)"): no match for /id_z:(\\d+)/ in `body`');
    expect(out).toContain('xpath(//p): the body is not well-formed XML');
  });
});

describe('expect as a list in reports', () => {
  it('keeps the written order in report.html and report.json, repeated paths included', async () => {
    const file = await scenario(
      'ordered',
      `scenario: Ordered checks
steps:
  - request: { method: GET, url: /json }
    expect:
      - $.slideshow.title: endsWith Show
      - headers.content-type: contains json
      - $.slideshow.title: startsWith Sample
      - status: 200
`,
    );
    const result = await runCli(['run', file, '--report', 'html,json'], { cwd: dir });
    expect(result.code).toBe(0);
    const wanted = [
      '<td>$.slideshow.title</td><td>endsWith Show</td>',
      '<td>headers.content-type</td><td>contains json</td>',
      '<td>$.slideshow.title</td><td>startsWith Sample</td>',
      '<td>status</td><td>200</td>',
    ];
    const html = await readFile(join(dir, '.runner/reports/latest/report.html'), 'utf8');
    const positions = wanted.map((text) => html.indexOf(text));
    expect(
      positions.every((position) => position > 0),
      positions.join(','),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const report = JSON.parse(await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8')) as {
      steps: { assertions: { path: string }[] }[];
    };
    expect(report.steps[0]?.assertions.map((assertion) => assertion.path)).toEqual([
      '$.slideshow.title',
      'headers.content-type',
      '$.slideshow.title',
      'status',
    ]);
  });
});

describe('runner validate on the new forms', () => {
  it('names file:line:col for a bad JSONPath, an XPath syntax error, an unknown function and a two-pair item', async () => {
    const file = await scenario(
      'invalid-paths',
      `scenario: Broken paths
steps:
  - request: { method: GET, url: /json }
    expect:
      - $.slideshow[?@.n >]: 1
      - xpath(//p[): 1
      - lenght(body): 3
      - status: 200
        body.id: 1
    save:
      n: cuont(body)
`,
    );
    const result = await runCli(['validate', file], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    const at = (prefix: string) => lines.find((line) => line.startsWith(prefix)) ?? lines.join('\n');
    expect(at(`${file}:5:27:`)).toContain('invalid JSONPath `$.slideshow[?@.n >]` at character 19');
    expect(at(`${file}:6:9:`)).toContain('invalid XPath `//p[`');
    expect(at(`${file}:7:9:`)).toContain('unknown function `lenght()`');
    expect(at(`${file}:9:9:`)).toContain('each item of `expect[3]` is one `path: expected` pair, got 2');
    expect(at(`${file}:11:10:`)).toContain('unknown function `cuont()`');
  });
});
