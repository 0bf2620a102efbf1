import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSchemaStore } from './schemaStore.js';
import { importAjv, type AjvFactory } from './schemaCompiler.js';
import { tempTree, type TempTree } from './tempWorkspace.test-support.js';

const USER = `
# A user, as JSON Schema written in YAML.
type: object
required: [id, email]
properties:
  id: { type: integer, minimum: 1 }
  email: { type: string, format: email }
  role: { enum: [admin, user] }
additionalProperties: false
`;

const TOKEN = `
type: object
required: [token]
properties:
  token: { type: string }
  issuedAt: { type: string, format: date-time }
  sessionId: { type: string, format: uuid }
  callback: { type: string, format: uri }
`;

const LIST = `
type: object
properties:
  items:
    type: array
    items:
      type: object
      properties:
        email: { type: string, format: email }
        age: { type: integer }
`;

let tree: TempTree;

beforeEach(async () => {
  tree = await tempTree({
    '.runner/schemas/user.yaml': USER,
    '.runner/schemas/auth/token.yml': TOKEN,
    '.runner/schemas/list.json': JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#' }),
    '.runner/schemas/users/list.yaml': LIST,
    'secret.yaml': 'type: object\n',
  });
});

afterEach(async () => {
  await tree.remove();
});

/** A factory that makes real ajv instances and counts what the store asks of them. */
function countingAjv(): { factory: AjvFactory; created: string[]; compiled: () => number } {
  const created: string[] = [];
  const spies: { mock: { calls: unknown[] } }[] = [];
  const factory: AjvFactory = async (dialect) => {
    created.push(dialect);
    const ajv = await importAjv(dialect);
    spies.push(vi.spyOn(ajv, 'compile'));
    return ajv;
  };
  return { factory, created, compiled: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
}

describe('createSchemaStore', () => {
  it('passes a body that matches and lists each violation with its JSON path', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    expect(await store.validate('user', { id: 7, email: 'ada@example.com', role: 'admin' })).toEqual({
      passed: true,
      errors: [],
    });
    expect(await store.validate('user', { id: '12', email: 'nope', role: 'root', extra: 1 })).toEqual({
      passed: false,
      errors: [
        `body: must not have additional property 'extra'`,
        'body.id: must be integer, got "12"',
        'body.email: must match format "email", got "nope"',
        'body.role: must be one of "admin", "user", got "root"',
      ],
    });
    expect(await store.validate('user', { email: 'ada@example.com' })).toEqual({
      passed: false,
      errors: [`body: must have required property 'id'`],
    });
  });

  it('names array items by index and objects by type', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    const body = { items: [{ email: 'a@x.io' }, { age: 3 }, { email: 'bob', age: 1.5 }] };
    expect((await store.validate('users/list', body)).errors).toEqual([
      'body.items[2].email: must match format "email", got "bob"',
      'body.items[2].age: must be integer, got 1.5',
    ]);
    expect((await store.validate('users/list', [1])).errors).toEqual(['body: must be object, got an array']);
  });

  it('finds schemas in sub-directories, with .yml and .json files, and by a name written with its extension', async () => {
    const store = createSchemaStore(tree.path('.runner/schemas'), tree.root);
    expect(await store.validate('auth/token', { token: 'abc' })).toEqual({ passed: true, errors: [] });
    expect((await store.validate('auth/token', {})).errors).toEqual([
      `body: must have required property 'token'`,
    ]);
    expect((await store.validate('user.yaml', { id: 0, email: 'a@b.co' })).errors).toEqual([
      'body.id: must be >= 1, got 0',
    ]);
    // list.json declares draft-07 and accepts anything.
    expect(await store.validate('list', 'text body')).toEqual({ passed: true, errors: [] });
  });

  it('checks the email, uuid, date-time and uri formats', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    const good = {
      token: 't',
      issuedAt: '2024-02-29T12:30:00Z',
      sessionId: '123e4567-e89b-12d3-a456-426614174000',
      callback: 'https://example.com/cb?x=1',
    };
    expect(await store.validate('auth/token', good)).toEqual({ passed: true, errors: [] });
    const bad = {
      token: 't',
      issuedAt: '2023-02-29T12:30:00Z',
      sessionId: '123e4567',
      callback: '/relative',
    };
    expect((await store.validate('auth/token', bad)).errors).toEqual([
      'body.issuedAt: must match format "date-time", got "2023-02-29T12:30:00Z"',
      'body.sessionId: must match format "uuid", got "123e4567"',
      'body.callback: must match format "uri", got "/relative"',
    ]);
  });

  it('compiles each schema once and creates one ajv per dialect, only when first needed', async () => {
    const ajv = countingAjv();
    const store = createSchemaStore('.runner/schemas', tree.root, { newAjv: ajv.factory });
    expect(ajv.created).toEqual([]);
    await Promise.all([store.validate('user', { id: 1, email: 'a@b.co' }), store.validate('user', {})]);
    await store.validate('user', { id: 2, email: 'c@d.co' });
    expect(ajv.created).toEqual(['2020-12']);
    expect(ajv.compiled()).toBe(1);
    await store.validate('auth/token', { token: 'x' });
    await store.validate('list', {});
    await store.validate('list', {});
    expect(ajv.created).toEqual(['2020-12', 'draft-07']);
    expect(ajv.compiled()).toBe(3);
  });

  it('does not load ajv for a schema that cannot be read', async () => {
    const ajv = countingAjv();
    const store = createSchemaStore('.runner/schemas', tree.root, { newAjv: ajv.factory });
    await store.validate('nothing/here', {});
    expect(ajv.created).toEqual([]);
  });

  it('explains a missing schema file, with a did-you-mean', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    expect(await store.validate('auth/tokn', {})).toEqual({
      passed: false,
      errors: ['no schema file .runner/schemas/auth/tokn.yaml (nor .yml, .json); did you mean `auth/token`?'],
    });
    expect((await store.validate('absent', {})).errors).toEqual([
      'no schema file .runner/schemas/absent.yaml (nor .yml, .json)',
    ]);
  });

  it('refuses names that leave the schemas directory', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    for (const name of ['../../secret', 'auth/../../../secret', tree.path('secret')]) {
      const verdict = await store.validate(name, {});
      expect(verdict.passed).toBe(false);
      expect(verdict.errors).toHaveLength(1);
      expect(verdict.errors[0]).toMatch(/^invalid schema name ".*": (it leads outside|names are relative)/);
    }
    expect((await store.validate(' ', {})).errors).toEqual(['a schema name cannot be empty']);
  });

  it('gives file, line and column for a YAML syntax error', async () => {
    await tree.write({ '.runner/schemas/broken.yaml': 'type: object\nproperties:\n  id: [integer\n' });
    const store = createSchemaStore('.runner/schemas', tree.root);
    const verdict = await store.validate('broken', {});
    expect(verdict.passed).toBe(false);
    expect(verdict.errors[0]).toMatch(/^\.runner\/schemas\/broken\.yaml:\d+:\d+: YAML syntax: /);
  });

  it('explains a schema that is not a valid JSON Schema, at the line concerned', async () => {
    await tree.write({
      '.runner/schemas/typo.yaml': 'type: object\nrequird: [id]\n',
      '.runner/schemas/badtype.yaml': 'type: object\nproperties:\n  id:\n    type: integr\n',
      '.runner/schemas/format.yaml': 'properties:\n  phone:\n    type: string\n    format: phone\n',
      '.runner/schemas/list-root.yaml': '- type\n',
      '.runner/schemas/dialect.yaml': '$schema: http://json-schema.org/draft-04/schema#\n',
    });
    const store = createSchemaStore('.runner/schemas', tree.root);
    expect((await store.validate('typo', {})).errors).toEqual([
      '.runner/schemas/typo.yaml:2:1: invalid schema: strict mode: unknown keyword: "requird"',
    ]);
    expect((await store.validate('badtype', {})).errors).toEqual([
      '.runner/schemas/badtype.yaml:4:11: invalid schema: properties.id.type: must be one of "array", "boolean", ' +
        '"integer", "null", "number", "object", "string", got "integr" (did you mean `integer`?)',
    ]);
    expect((await store.validate('format', {})).errors[0]).toMatch(
      /^\.runner\/schemas\/format\.yaml:4:13: invalid schema: unknown format "phone" .*\(formats: email, uuid, date-time/,
    );
    expect((await store.validate('list-root', {})).errors).toEqual([
      '.runner/schemas/list-root.yaml:1:1: a schema file must contain a map (a JSON Schema object)',
    ]);
    expect((await store.validate('dialect', {})).errors[0]).toMatch(
      /^\.runner\/schemas\/dialect\.yaml: unsupported \$schema "http:\/\/json-schema\.org\/draft-04\/schema#"/,
    );
  });

  it('accepts OpenAPI-style `example` annotations and $refs inside the file, and explains $refs to other files', async () => {
    await tree.write({
      '.runner/schemas/annotated.yaml': [
        'type: object',
        'example: { id: 1 }',
        'properties:',
        '  id: { $ref: "#/$defs/id" }',
        '$defs:',
        '  id: { type: integer }',
      ].join('\n'),
      '.runner/schemas/external.yaml': 'properties:\n  user: { $ref: user.yaml }\n',
    });
    const store = createSchemaStore('.runner/schemas', tree.root);
    expect(await store.validate('annotated', { id: 1 })).toEqual({ passed: true, errors: [] });
    expect((await store.validate('annotated', { id: 'x' })).errors).toEqual([
      'body.id: must be integer, got "x"',
    ]);
    expect((await store.validate('external', {})).errors[0]).toMatch(
      /^\.runner\/schemas\/external\.yaml: invalid schema: can't resolve reference user\.yaml .*other files are not loaded/,
    );
  });

  it('leaves out the values of fields the caller says are masked', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root, {
      isSensitive: (keys) => keys[keys.length - 1] === 'email',
    });
    expect((await store.validate('user', { id: 'secret-id', email: 'private@' })).errors).toEqual([
      'body.id: must be integer, got "secret-id"',
      'body.email: must match format "email"',
    ]);
  });

  it('fails a step without a body instead of validating nothing', async () => {
    const store = createSchemaStore('.runner/schemas', tree.root);
    expect(await store.validate('list', undefined)).toEqual({
      passed: false,
      errors: ['body: the response has no body'],
    });
  });

  it('lists at most 20 violations, then counts the rest', async () => {
    await tree.write({ '.runner/schemas/numbers.yaml': 'type: array\nitems: { type: integer }\n' });
    const store = createSchemaStore('.runner/schemas', tree.root);
    const body = Array.from({ length: 25 }, (_, i) => `n${i}`);
    const { errors } = await store.validate('numbers', body);
    expect(errors).toHaveLength(21);
    expect(errors[0]).toBe('body[0]: must be integer, got "n0"');
    expect(errors[19]).toBe('body[19]: must be integer, got "n19"');
    expect(errors[20]).toBe('… and 5 more');
  });
});
