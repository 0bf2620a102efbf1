import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContract, type ContractExchange } from './contract.js';
import { loadOpenApiDocument } from './loadDocument.js';

const fixtures = join(import.meta.dirname, '../../test/fixtures/openapi');

async function contractFor(file: string) {
  const document = await loadOpenApiDocument(join(fixtures, file), file);
  return createContract(document, { baseUrls: ['http://localhost:8080'] });
}

function json(method: string, url: string, status: number, body: unknown): ContractExchange {
  return {
    method,
    url,
    status,
    headers: { 'content-type': 'application/json' },
    body,
    bodyText: JSON.stringify(body),
  };
}

const failures = (verdict: { assertions: { passed: boolean; message: string }[] }) =>
  verdict.assertions.filter((assertion) => !assertion.passed).map((assertion) => assertion.message);

describe('the OpenAPI 3.0 Petstore as a contract', () => {
  it('passes a response that keeps it and names the operation', async () => {
    const contract = await contractFor('petstore-3.0.yaml');
    const verdict = await contract.check(
      json('GET', 'http://localhost:8080/v1/pets/1', 200, { id: 1, name: 'Rex' }),
    );
    expect(verdict.operation).toBe('GET /pets/{petId}');
    expect(failures(verdict)).toEqual([]);
    expect(verdict.assertions[0]?.message).toBe('openapi GET /pets/{petId}: 200 keeps the contract');
  });

  it('fails a wrong type with the operation, the JSON path and the rule', async () => {
    const contract = await contractFor('petstore-3.0.yaml');
    const verdict = await contract.check(
      json('GET', 'http://localhost:8080/v1/pets', 200, [
        { id: 1, name: 'Rex' },
        { id: '2', name: 'Tom' },
      ]),
    );
    expect(failures(verdict)).toEqual([
      'openapi GET /pets: body[1].id: must be integer, got "2" (schema of response 200, application/json)',
    ]);
  });

  it('checks other statuses against `default`, and the content type', async () => {
    const contract = await contractFor('petstore-3.0.yaml');
    const error = await contract.check(
      json('GET', 'http://localhost:8080/v1/pets/9', 404, { code: 404, message: 'no pet' }),
    );
    expect(failures(error)).toEqual([]);
    const text = await contract.check({
      method: 'GET',
      url: 'http://localhost:8080/v1/pets/9',
      status: 500,
      headers: { 'content-type': 'text/plain' },
      body: 'oops',
      bodyText: 'oops',
    });
    expect(failures(text)).toEqual([
      'openapi GET /pets/{petId}: content type text/plain is not documented for default (documented: application/json)',
    ]);
  });

  it('fails a JSON body kept as text, and a body where the response documents none', async () => {
    const contract = await contractFor('petstore-3.0.yaml');
    const broken = await contract.check({
      ...json('GET', 'http://localhost:8080/v1/pets/1', 200, '{"id": 1,'),
      bodyText: '{"id": 1,',
      bodyProblem: 'invalid JSON at line 1, column 10',
    });
    expect(failures(broken)).toEqual(['openapi GET /pets/{petId}: body: invalid JSON at line 1, column 10']);
    // A body too large to hold as text has no text at all, and is still checked (and failed) as a body.
    const huge = await contract.check({
      ...json('GET', 'http://localhost:8080/v1/pets/1', 200, undefined),
      bodyText: '',
      bodyProblem: 'the response body (512 MiB) is too large to read as text',
    });
    expect(failures(huge)).toEqual([
      'openapi GET /pets/{petId}: body: the response body (512 MiB) is too large to read as text',
    ]);
    const created = await contract.check(json('POST', 'http://localhost:8080/v1/pets', 201, { id: 1 }));
    expect(failures(created)).toEqual(['openapi POST /pets: response 201 documents no body, but one came']);
  });

  it('warns about a request no operation describes', async () => {
    const contract = await contractFor('petstore-3.0.yaml');
    const verdict = await contract.check(json('DELETE', 'http://localhost:8080/v1/pets/1', 204, undefined));
    expect(verdict.assertions).toEqual([]);
    expect(verdict.warning).toBe(
      'openapi: DELETE /pets/{petId} is not in the OpenAPI document (documented: GET)',
    );
  });
});

describe('the OpenAPI 3.1 Petstore (schemas in another file)', () => {
  it('follows $refs across files and allows null where the type list does', async () => {
    const contract = await contractFor('petstore-3.1/openapi.yaml');
    const verdict = await contract.check(
      json('GET', 'http://localhost:8080/v1/pets/1', 200, { id: 1, name: 'Rex', tag: null }),
    );
    expect(failures(verdict)).toEqual([]);
  });

  it('fails a status the operation does not document', async () => {
    const contract = await contractFor('petstore-3.1/openapi.yaml');
    const verdict = await contract.check(
      json('GET', 'http://localhost:8080/v1/pets/1', 500, { code: 500, message: 'down' }),
    );
    expect(failures(verdict)).toEqual([
      'openapi GET /pets/{petId}: status 500 is not documented (documented: 200, 404)',
    ]);
  });
});

describe('loadOpenApiDocument', () => {
  it('names a missing document', async () => {
    await expect(loadOpenApiDocument(join(fixtures, 'nope.yaml'), 'nope.yaml')).rejects.toThrow(
      'OpenAPI document nope.yaml not found',
    );
  });

  it('refuses a document that breaks the specification', async () => {
    await expect(loadOpenApiDocument(join(fixtures, 'ORIGIN.md'), 'ORIGIN.md')).rejects.toThrow(
      /invalid OpenAPI document ORIGIN.md/,
    );
  });
});
