import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_SHAPE } from './definitions/configShape.js';
import { ENVIRONMENT_SHAPE } from './definitions/environmentShape.js';
import { JSON_SCHEMA_DIALECT, toJsonSchema, type JsonSchema } from './jsonSchema.js';
import { parseScenario } from './parseScenario.js';
import { scenarioJsonSchema } from './scenarioSchema.js';

function validator(schema: JsonSchema) {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  return ajv.compile(schema);
}

const RICH = `
scenario: Orders
description: Create and list orders
tags: [smoke, orders]
examples:
  - { name: small, qty: 1 }
  - { name: big, qty: 100 }
setup:
  - name: log in
    request:
      method: POST
      url: /login
      body: { user: $accounts.admin.user, password: $accounts.admin.password }
      timeout: 5s
    expect: { status: 200, body.token: exists, jwt.sub: string }
    save: { token: body.token, 1-userId: jwt.sub }
steps:
  - set: { greeting: "hello {{name}}" }
    if: $token
  - request:
      method: GET
      url: /products
      service: shop
      headers: { Authorization: Bearer $token, X-Count: 3, X-Tag: [a, "$token"] }
      query: { page: 1, tag: [x, y] }
    expect: { status: "oneOf 200,201", schema: products/list, headers.content-type: contains json }
    save: { products: body.items, count: count(body.items) }
    retry: { attempts: 5, interval: 200, backoff: exponential, maxDuration: 10s, onStatus: [502, 503] }
    timing: { max: 1.5s }
    delay: 250ms
  - name: log in as $env.CI_USER
    request: { method: POST, url: /login, form: { user: "$env.CI_USER", token: "\${base64(a:b)}" } }
    expect: { status: 2xx, body.items: each gt 2024-01-01T00:00:00Z, body.ip: ipv6, headers.set-cookie: each contains "=" }
  - request:
      method: POST
      url: /graphql
      graphql: { query: "query ($$id: ID!) { user(id: $$id) { name } }", variables: { id: 1 }, operationName: U }
  - request:
      method: POST
      url: /orders
      transform: { from: $products, filter: $item.stock > 0, slice: "0:10", map: { sku: $item.id, qty: 1 }, into: items }
  - request:
      method: POST
      url: /upload
      multipart:
        fields: { title: Report }
        files:
          document: reports/q3.pdf
          avatar: { path: img/a.png, filename: me.png, contentType: image/png }
  - cache: { connection: sessions, command: get, key: "session:$token" }
    expect: { cache.exists: true, cache.value.userId: exists }
  - use: shared/cleanup.yaml
    with: { reason: test }
  - for_each:
      from: $products
      as: product
      steps:
        - request: { method: DELETE, url: /products/$product.id }
  - repeat:
      attempts: 20
      until: $status == done
      steps:
        - request: { method: GET, url: /jobs/1 }
          save: { status: body.status }
  - export:
      file: out/products.xlsx
      from: $products
      sheet: Products
      columns: [{ header: Id, value: $item.id }, { header: Name, value: $item.name }]
  - import:
      file: out/products.xlsx
      as: rows
      header_row: 1
      data_start_row: 2
      columns: [{ header: Id, as: id }]
teardown:
  - name: log out
    request: { method: POST, url: /logout }
`;

describe('scenario JSON Schema', () => {
  const schema = scenarioJsonSchema();
  const validate = validator(schema);

  it('is draft 2020-12 with a title, a description and the step definition', () => {
    expect(schema.$schema).toBe(JSON_SCHEMA_DIALECT);
    expect(schema.title).toBe('scenario');
    expect(schema.description).toEqual(expect.any(String));
    expect(schema.$defs).toHaveProperty('step');
    expect(schema.additionalProperties).toBe(false);
  });

  it('describes every property, for hover docs', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, { description?: unknown }> }).properties;
      for (const [key, property] of Object.entries(properties ?? {})) {
        if (typeof property.description !== 'string' || property.description === '')
          missing.push(`${path}.${key}`);
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('lists methods, cache commands and backoff strategies as enums', () => {
    const text = JSON.stringify(schema);
    expect(text).toContain('"enum":["GET","POST","PUT","DELETE","PATCH","OPTIONS","HEAD"]');
    expect(text).toContain('"enum":["get","exists","ttl","hgetall"]');
    expect(text).toContain('"enum":["constant","linear","exponential"]');
  });

  it('accepts a scenario that uses every construct', () => {
    expect(validate(parse(RICH)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('agrees with the validator on that scenario', () => {
    const result = parseScenario(RICH, 'rich.yaml', {
      schemas: new Set(['products/list']),
      services: new Set(['shop']),
      cacheConnections: new Set(['sessions']),
      resolveUse: (target) => ({ path: `/w/${target}`, exists: true, defines: [] }),
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.scenario?.steps.map((step) => step.kind)).toEqual([
      'set',
      'request',
      'request',
      'request',
      'request',
      'request',
      'cache',
      'use',
      'for_each',
      'repeat',
      'export',
      'import',
    ]);
  });

  it.each([
    ['an unknown top-level key', 'scenario: x\nsteps: []\nstpes: []\n'],
    ['an unknown step key', 'scenario: x\nsteps:\n  - reqest: { method: GET, url: / }\n'],
    ['an unknown request key', 'scenario: x\nsteps:\n  - request: { method: GET, url: /, hedaers: {} }\n'],
    ['a lower-case method', 'scenario: x\nsteps:\n  - request: { method: get, url: / }\n'],
    ['two operations in a step', 'scenario: x\nsteps:\n  - set: { a: 1 }\n    use: other.yaml\n'],
    ['a step without an operation', 'scenario: x\nsteps:\n  - name: nothing\n'],
    ['a bad duration', 'scenario: x\nsteps:\n  - request: { method: GET, url: /, timeout: 5 sec }\n'],
    ['a missing `steps`', 'scenario: x\n'],
    [
      'a misspelled graphql key',
      'scenario: x\nsteps:\n  - request: { method: POST, url: /, graphql: { qeury: q } }\n',
    ],
    ['a bad delay', 'scenario: x\nsteps:\n  - request: { method: GET, url: / }\n    delay: soon\n'],
    [
      'a status above 599',
      'scenario: x\nsteps:\n  - request: { method: GET, url: / }\n    expect: { status: 700 }\n',
    ],
    [
      'a non-integer attempts',
      'scenario: x\nsteps:\n  - request: { method: GET, url: / }\n    retry: { attempts: three }\n',
    ],
  ])('rejects %s', (_what, text) => {
    expect(validate(parse(text))).toBe(false);
  });
});

describe('config and environment JSON Schemas', () => {
  it('compile and check their files', () => {
    const config = validator(toJsonSchema(CONFIG_SHAPE));
    expect(
      config({
        reports: { path: 'out', format: 'html,json', failures: { retainCount: 5 } },
        http: { timeout: '10s' },
      }),
    ).toBe(true);
    expect(config({ reports: { formats: 'html' } })).toBe(false);
    const environment = validator(toJsonSchema(ENVIRONMENT_SHAPE));
    expect(
      environment({
        baseUrl: 'http://localhost',
        cache: { main: { url: 'redis://localhost' } },
        variables: { a: [1] },
      }),
    ).toBe(true);
    expect(environment({ services: {} })).toBe(false);
  });
});
