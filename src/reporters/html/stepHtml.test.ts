import { describe, expect, it } from 'vitest';
import type { RecordedRequest, StepResult } from '../../engine/index.js';
import { toCurl } from '../shared/curl.js';
import { attemptsBadge, durationBadge, httpStatusBadge, requestIdBadge, statusBadge } from './badges.js';
import { escapeText } from './escapeHtml.js';
import { requestHtml, responseHtml } from './httpExchangeHtml.js';
import { LazyBodies } from './lazyBodies.js';
import { stepOutcomeHtml } from './stepOutcomeHtml.js';
import { stepRowHtml } from './stepRowHtml.js';

function step(fields: Partial<StepResult>): StepResult {
  return {
    index: 0,
    section: 'steps',
    kind: 'request',
    label: 'Get user',
    status: 'passed',
    durationMs: 42,
    loc: { file: 'tests/users.yaml', line: 7, col: 5 },
    assertions: [],
    saved: {},
    warnings: [],
    ...fields,
  };
}

const request: RecordedRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:8080/users',
  headers: { 'content-type': 'application/json', authorization: 'Bearer [MASKED]' },
  body: { name: "O'Brien", tags: ['a'] },
};

describe('badges', () => {
  it('labels each status', () => {
    expect(statusBadge('passed')).toBe('<span class="badge st-passed">PASS</span>');
    expect(statusBadge('failed')).toContain('>FAIL<');
    expect(statusBadge('skipped')).toContain('>SKIP<');
  });

  it('turns the response-time badge red only when timing.max failed', () => {
    expect(durationBadge(step({ durationMs: 1240 }))).toBe('<span class="badge time">1.24s</span>');
    const within = durationBadge(
      step({ timing: { maxMs: 500, actualMs: 61, passed: true }, durationMs: 61 }),
    );
    expect(within).toContain('class="badge time in-time"');
    expect(within).toContain('title="within timing.max 500ms"');
    const slow = durationBadge(
      step({ timing: { maxMs: 500, actualMs: 1240, passed: false }, durationMs: 1240 }),
    );
    expect(slow).toContain('class="badge time too-slow"');
    expect(slow).toContain('title="exceeds timing.max 500ms">1.24s<');
  });

  it('makes the request id a copy button with the id escaped in the attribute and the text', () => {
    expect(requestIdBadge('a"b<c')).toBe(
      '<button type="button" class="badge rid" data-copy="a&quot;b&lt;c" title="Copy request id a&quot;b&lt;c">a&quot;b&lt;c</button>',
    );
  });

  it('colours HTTP statuses by class and counts attempts only after a retry', () => {
    expect(httpStatusBadge(201)).toBe('<span class="http h2">201</span>');
    expect(httpStatusBadge(503, 'Service Unavailable')).toBe(
      '<span class="http h5">503 Service Unavailable</span>',
    );
    expect(httpStatusBadge(999)).toContain('class="http h0"');
    expect(attemptsBadge(step({}))).toBe('');
    const attempts = [
      { attempt: 1, status: 'failed' as const, durationMs: 5, waitMs: 100 },
      { attempt: 2, status: 'passed' as const, durationMs: 5 },
    ];
    expect(attemptsBadge(step({ attempts: attempts.slice(1) }))).toBe('');
    expect(attemptsBadge(step({ attempts }))).toContain('>2 attempts<');
  });
});

describe('stepOutcomeHtml', () => {
  it('lists each assertion with path, expected and actual, and explains failed ones', () => {
    const html = stepOutcomeHtml(
      step({
        status: 'failed',
        assertions: [
          { path: 'status', expected: 200, actual: 200, passed: true, message: 'status == 200' },
          {
            path: 'body.name',
            expected: 'startsWith Al',
            actual: 'Bob',
            passed: false,
            message: 'got "Bob"',
          },
          {
            path: 'body.id',
            expected: 'exists',
            actual: undefined,
            passed: false,
            message: 'body.id is missing',
            available: ['name', 'email'],
          },
        ],
        timing: { maxMs: 500, actualMs: 612, passed: false },
      }),
    );
    expect(html).toContain(
      '<tr class="a-pass"><td class="ok">✓</td><td>status</td><td>200</td><td>200</td></tr>',
    );
    expect(html).toContain(
      '<tr class="a-fail"><td class="ko">✗</td><td>body.name</td><td>startsWith Al</td><td>&quot;Bob&quot;</td></tr>',
    );
    expect(html).toContain('<td colspan="3">got &quot;Bob&quot;</td>');
    expect(html).toContain('(missing)</span> <span class="dim">available: name, email</span>');
    expect(html).toContain('<td>timing.max</td><td>≤ 500ms</td><td>612ms</td>');
    expect(html).not.toContain('status == 200');
  });

  it('shows the error, skip reason, attempts, redirects, warnings and saved values', () => {
    const html = stepOutcomeHtml(
      step({
        status: 'failed',
        error: 'connect ECONNREFUSED 127.0.0.1:9',
        attempts: [
          {
            attempt: 1,
            status: 'failed',
            httpStatus: 503,
            durationMs: 210,
            failure: 'got 503',
            waitMs: 1000,
          },
          { attempt: 2, status: 'passed', httpStatus: 200, durationMs: 30 },
        ],
        redirects: [{ status: 301, from: 'http://127.0.0.1/a', to: 'http://127.0.0.1/b' }],
        warnings: ['slow <server>'],
        saved: { userId: 42 },
      }),
    );
    expect(html).toContain('<pre class="error">connect ECONNREFUSED 127.0.0.1:9</pre>');
    expect(html).toContain('<td>1</td><td><span class="badge st-failed">FAIL</span></td>');
    expect(html).toContain('<td>got 503</td><td>then waited 1s</td>');
    expect(html).toContain('<code>http://127.0.0.1/a</code> → <code>http://127.0.0.1/b</code>');
    expect(html).toContain('<li>slow &lt;server&gt;</li>');
    expect(html).toContain('<code>userId</code></td><td><code>42</code>');
    expect(stepOutcomeHtml(step({ status: 'skipped', skipReason: 'setup failed' }))).toBe(
      '<p class="skip-reason">Skipped: setup failed</p>',
    );
  });
});

describe('auth exchanges', () => {
  it('lists the token requests and Digest challenges a step cost', () => {
    const html = stepOutcomeHtml(
      step({
        authExchanges: [
          {
            purpose: 'oauth2 token',
            request: { method: 'POST', url: 'http://id.test/token', headers: {} },
            response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: {}, sizeBytes: 2 },
          },
          {
            purpose: 'digest challenge',
            request: { method: 'GET', url: 'http://api.test/x', headers: {} },
            error: 'connect ECONNREFUSED',
          },
        ],
      }),
    );
    expect(html).toContain('<h4>Authentication</h4>');
    expect(html).toContain('oauth2 token: <code>POST http://id.test/token</code> <span');
    expect(html).toContain('digest challenge: <code>GET http://api.test/x</code> connect ECONNREFUSED</li>');
  });
});

describe('request and response', () => {
  it('shows the request with headers, a pretty JSON body and its cURL', () => {
    const html = requestHtml(request);
    expect(html).toContain('<span class="method">POST</span> <code>http://127.0.0.1:8080/users</code>');
    expect(html).toContain('<summary>Headers (2)</summary>');
    expect(html).toContain(
      '<pre class="body json">{\n  "name": "O\'Brien",\n  "tags": [\n    "a"\n  ]\n}</pre>',
    );
    expect(html).toContain(`<pre class="curl">${escapeText(toCurl(request))}</pre>`);
    expect(html).toContain('data-copy-pre>Copy cURL</button>');
  });

  it('shows the response status, size and a text body as text', () => {
    const html = responseHtml({
      status: 404,
      statusText: 'Not Found',
      httpVersion: '2',
      headers: {},
      body: 'no <such> user',
      sizeBytes: 2048,
    });
    expect(html).toContain('<span class="http h4">404 Not Found</span>');
    expect(html).toContain('HTTP/2 · 2.0 KiB');
    expect(html).toContain('<pre class="body">no &lt;such&gt; user</pre>');
    expect(html).not.toContain('Headers (');
    const empty = responseHtml({
      status: 204,
      statusText: '',
      httpVersion: '1.1',
      headers: {},
      sizeBytes: 0,
    });
    expect(empty).toContain('No body');
  });
});

describe('stepRowHtml', () => {
  it('keeps a passed step closed with its body in the lazy store', () => {
    const store = new LazyBodies();
    const html = stepRowHtml(step({ label: 'Create', request, requestId: 'r-1' }), store);
    expect(html).toMatch(/^<details class="step passed" data-body="0"><summary>.*<\/summary><\/details>$/);
    expect(html).toContain(
      '<span class="label">Create</span><span class="target grow">POST http://127.0.0.1:8080/users</span>',
    );
    expect(html).toContain('data-copy="r-1"');
    expect(store.toHtml()).toContain('<span class="method">POST</span>');
  });

  it('opens a failed step with its body inline, and nests children in their own rows', () => {
    const store = new LazyBodies();
    const children = [step({ label: 'iteration 1' }), step({ label: 'iteration 2', status: 'failed' })];
    const html = stepRowHtml(
      step({ label: 'for_each', kind: 'for_each', status: 'failed', children }),
      store,
    );
    expect(html.startsWith('<details class="step failed" open><summary>')).toBe(true);
    expect(html).toContain('<div class="children"><details class="step passed" data-body="0">');
    expect(html).toContain('<details class="step failed" open>');
    expect(html).toContain('<p class="where dim">steps · tests/users.yaml:7:5</p>');
    expect(store.toHtml()).toContain('id="step-bodies"');
    // The nested rows follow the parent's own body, inside its row.
    expect(html.indexOf('<div class="children">')).toBeGreaterThan(html.indexOf('<p class="where dim">'));
    expect(html.endsWith('</details></div></details>')).toBe(true);
  });

  it('says why a skipped step did not run, without a duration', () => {
    const html = stepRowHtml(step({ status: 'skipped', skipReason: 'setup failed' }), new LazyBodies());
    expect(html).toContain('<span class="target grow">setup failed</span>');
    expect(html).not.toContain('badge time');
  });
});

describe('LazyBodies', () => {
  it('joins bodies with the separator the page script splits on', () => {
    const store = new LazyBodies();
    expect(store.add('<p>a</p>')).toBe(0);
    expect(store.add('<p>b</p>')).toBe(1);
    expect(store.toHtml()).toBe(
      `<script type="text/html" id="step-bodies"><p>a</p>${LazyBodies.SEPARATOR}<p>b</p></script>`,
    );
  });

  it('refuses markup that would end its element early', () => {
    const store = new LazyBodies();
    expect(() => store.add('<p></SCRIPT><p>')).toThrow(/unescaped markup/);
    expect(() => store.add('<p><!-- x')).toThrow(/unescaped markup/);
    expect(store.size).toBe(0);
  });
});

describe('cache and spreadsheet steps', () => {
  it('show the cache command and its reply, escaped, in a failed step opened inline', () => {
    const cache = {
      connection: 'sessions',
      command: 'get',
      key: 'session:<42>',
      reply: { exists: true, value: { user: '<b>ann</b>' }, ttl: 30 },
    };
    const html = stepRowHtml(step({ kind: 'cache', status: 'failed', cache }), new LazyBodies());
    expect(html).toContain('<h4>Cache</h4>');
    expect(html).toContain('GET</span> <code>session:&lt;42&gt;</code>');
    expect(html).toContain('on sessions');
    expect(html).toContain('&lt;b&gt;ann&lt;/b&gt;');
    expect(html).not.toContain('<b>ann</b>');
  });

  it('show the file, sheet and row count of an export or import', () => {
    const store = new LazyBodies();
    const spreadsheet = { file: 'out/users.xlsx', sheet: 'Users', rows: 1 };
    stepRowHtml(step({ kind: 'import', status: 'failed', spreadsheet }), store);
    const html = stepRowHtml(step({ kind: 'export', status: 'failed', spreadsheet }), store);
    expect(html).toContain('Wrote 1 row · <code>out/users.xlsx</code>');
    expect(html).toContain('sheet Users');
    expect(stepRowHtml(step({ kind: 'import', status: 'failed', spreadsheet }), store)).toContain(
      'Read 1 row',
    );
  });
});
