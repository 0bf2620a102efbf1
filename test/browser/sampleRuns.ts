/**
 * Finished runs for the HTML report's browser test and screenshot: one realistic run (several scenarios,
 * setup and teardown, a failure, a retry, a loop, a composed scenario, a redirect, skipped steps), and a
 * scenario whose every text is hostile markup.
 */
import type { RunResult, ScenarioResult } from '../../src/engine/index.js';
import { BASE, check, request, response, restartStepIndex, run, scenario, step } from './runBuilders.js';

function userLifecycle(): ScenarioResult {
  const user = { id: 42, email: 'ada@example.test', name: 'Ada Lovelace', roles: ['admin'], active: true };
  return scenario({
    name: 'User lifecycle',
    file: 'tests/users.yaml',
    description: 'Registers a user, logs in, reads the profile, then removes the user again.',
    tags: ['smoke', 'users'],
    steps: [
      step({
        label: 'Reset fixtures',
        section: 'setup',
        request: request('POST', '/test/reset'),
        response: response(204, 'No Content'),
        assertions: [check('status', 204, 204)],
        durationMs: 18,
      }),
      step({
        label: 'Create user',
        request: request('POST', '/users', { email: user.email, name: user.name, password: '[MASKED]' }),
        response: response(201, 'Created', user, 'req-7f3a9c01'),
        requestId: 'req-7f3a9c01',
        assertions: [
          check('status', 201, 201),
          check('body.id', 'integer', 42),
          check('body.email', user.email, user.email),
        ],
        saved: { userId: 42 },
        durationMs: 86,
      }),
      step({
        label: 'Log in',
        request: request('POST', '/auth/login', { email: user.email, password: '[MASKED]' }),
        response: response(200, 'OK', { token: '[MASKED]', expiresIn: 3600 }, 'req-7f3a9c02'),
        requestId: 'req-7f3a9c02',
        assertions: [check('status', 200, 200), check('body.token', 'exists', '[MASKED]')],
        saved: { token: '[MASKED]' },
        durationMs: 142,
      }),
      step({
        label: 'Read the profile',
        request: request('GET', '/users/42', undefined, { authorization: 'Bearer [MASKED]' }),
        response: response(200, 'OK', user, 'req-7f3a9c03'),
        requestId: 'req-7f3a9c03',
        assertions: [check('status', 200, 200), check('body.roles', 'contains admin', ['admin'])],
        timing: { maxMs: 500, actualMs: 61, passed: true },
        durationMs: 61,
      }),
      step({
        label: 'DELETE http://127.0.0.1:8080/users/42',
        section: 'teardown',
        request: request('DELETE', '/users/42', undefined, { authorization: 'Bearer [MASKED]' }),
        response: response(204, 'No Content'),
        assertions: [check('status', 204, 204)],
        durationMs: 23,
      }),
    ],
  });
}

function orders(): ScenarioResult {
  const order = { sku: 'KB-204', quantity: 2, address: { city: 'Lyon', zip: '69002' } };
  const failure = 'status = 201 (expected), got 422';
  return scenario({
    name: 'Checkout',
    file: 'tests/checkout.yaml',
    description: 'Places an order for two keyboards and waits until it ships.',
    tags: ['orders'],
    steps: [
      step({
        label: 'Create order',
        request: request('POST', '/orders', order, { authorization: 'Bearer [MASKED]' }),
        response: response(
          422,
          'Unprocessable Entity',
          { error: 'validation_failed', details: [{ field: 'address.zip', message: 'unknown postal code' }] },
          'req-91bc2e77',
        ),
        requestId: 'req-91bc2e77',
        status: 'failed',
        assertions: [
          check('status', 201, 422, false, failure),
          {
            path: 'body.orderId',
            expected: 'exists',
            actual: undefined,
            passed: false,
            message: 'body.orderId exists: the path is missing',
            available: ['error', 'details'],
          },
        ],
        durationMs: 97,
      }),
      step({
        label: 'Wait for shipment',
        request: request('GET', '/orders/1001/status'),
        response: response(200, 'OK', { state: 'shipped', carrier: 'DHL' }, 'req-91bc2e80'),
        requestId: 'req-91bc2e80',
        assertions: [check('body.state', 'shipped', 'shipped')],
        attempts: [
          {
            attempt: 1,
            status: 'failed',
            httpStatus: 200,
            durationMs: 35,
            failure: 'body.state = "shipped" (expected), got "packing"',
            waitMs: 500,
          },
          {
            attempt: 2,
            status: 'failed',
            httpStatus: 200,
            durationMs: 31,
            failure: 'body.state = "shipped" (expected), got "packing"',
            waitMs: 1000,
          },
          { attempt: 3, status: 'passed', httpStatus: 200, durationMs: 29 },
        ],
        durationMs: 1595,
      }),
      step({
        label: 'Order history is fast',
        request: request('GET', '/orders?limit=50'),
        response: response(
          200,
          'OK',
          { items: [{ id: 1001, state: 'shipped' }], next: null },
          'req-91bc2e81',
        ),
        requestId: 'req-91bc2e81',
        assertions: [check('status', 200, 200)],
        timing: { maxMs: 500, actualMs: 1240, passed: false },
        status: 'failed',
        durationMs: 1240,
      }),
      step({
        label: 'Old receipt link',
        request: request('GET', '/receipts/1001'),
        response: response(200, 'OK', { receipt: 1001, total: 129.9 }),
        redirects: [{ status: 301, from: `${BASE}/receipts/1001`, to: `${BASE}/v2/receipts/1001` }],
        assertions: [check('status', 200, 200)],
        durationMs: 54,
      }),
    ],
  });
}

function search(): ScenarioResult {
  const terms = ['keyboard', 'mouse', 'monitor'];
  const iterations = terms.map((term, position) =>
    step({
      label: `GET ${BASE}/search?q=${term}`,
      request: request('GET', `/search?q=${term}`),
      response: response(200, 'OK', { query: term, hits: 3 - position }),
      assertions: [check('body.hits', 'gt 0', 3 - position)],
      durationMs: 30 + position * 7,
    }),
  );
  const login = [
    step({
      label: 'Log in',
      request: request('POST', '/auth/login', { email: 'bot@example.test', password: '[MASKED]' }),
      response: response(200, 'OK', { token: '[MASKED]' }),
      assertions: [check('status', 200, 200)],
      saved: { token: '[MASKED]' },
      durationMs: 120,
    }),
  ];
  return scenario({
    name: 'Catalog search [1]',
    file: 'tests/search.yaml',
    description: 'Searches the catalogue for each term of the first data set.',
    tags: ['search'],
    steps: [
      step({ label: 'use login.yaml', kind: 'use', children: login, durationMs: 120 }),
      step({ label: 'for_each $terms (3 items)', kind: 'for_each', children: iterations, durationMs: 111 }),
    ],
  });
}

function payments(): ScenarioResult {
  return scenario({
    name: 'Refunds',
    file: 'tests/refunds.yaml',
    tags: ['payments'],
    steps: [
      step({
        label: 'Request a refund',
        request: request('POST', '/refunds', { orderId: 1001, amount: 129.9 }),
        response: response(503, 'Service Unavailable', { error: 'payments provider down' }),
        assertions: [check('status', 202, 503, false, 'status = 202 (expected), got 503')],
        attempts: [
          {
            attempt: 1,
            status: 'failed',
            httpStatus: 503,
            durationMs: 210,
            failure: 'status = 202 (expected), got 503',
            waitMs: 1000,
          },
          {
            attempt: 2,
            status: 'failed',
            httpStatus: 503,
            durationMs: 205,
            failure: 'status = 202 (expected), got 503',
          },
        ],
        status: 'failed',
        haltsScenario: true,
        durationMs: 1415,
      }),
      step({
        label: 'Refund appears on the order',
        status: 'skipped',
        skipReason: 'an exhausted retry stopped the scenario',
        durationMs: 0,
      }),
    ],
  });
}

/** Four scenarios as a person would see them after a real run against a shop API. */
export function realisticRun(): RunResult {
  restartStepIndex();
  return run([userLifecycle(), orders(), search(), payments()]);
}

/** Markup that would run or fetch something if the report ever let text from a response through unescaped. */
export const XSS_PAYLOAD = `<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"></script><!--`;

/** A scenario whose names, headers, bodies and messages all carry `XSS_PAYLOAD`, failed and passed alike. */
export function hostileScenario(): ScenarioResult {
  const payload = XSS_PAYLOAD;
  return scenario({
    name: `Hostile ${payload}`,
    description: `Description ${payload}`,
    tags: [payload],
    steps: [
      step({
        label: `Failed ${payload}`,
        status: 'failed',
        error: `network error ${payload}`,
        request: request('POST', `/echo?q=${encodeURIComponent(payload)}`, { text: payload }),
        response: response(500, payload, { message: payload }, payload),
        requestId: payload,
        assertions: [
          check('body.message', 'empty', payload, false, `body.message is not empty: got ${payload}`),
        ],
      }),
      step({
        label: `Passed ${payload}`,
        request: request('GET', '/echo', undefined, { 'x-note': payload }),
        response: {
          ...response(200, 'OK'),
          body: `plain text ${payload}`,
          headers: { 'content-type': 'text/html' },
        },
        assertions: [check('body', 'contains script', payload)],
      }),
    ],
  });
}

/** The realistic run with the hostile scenario added. */
export function runWithHostileScenario(): RunResult {
  const base = realisticRun();
  return run([...base.scenarios, hostileScenario()]);
}
