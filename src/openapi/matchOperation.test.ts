import { describe, expect, it } from 'vitest';
import { indexOperations } from './matchOperation.js';
import { listOperations } from './operations.js';

const document = {
  openapi: '3.1.0',
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/pets': { get: { responses: {} }, post: { responses: {} } },
    '/pets/{petId}': { get: { responses: {} } },
    '/pets/mine': { get: { responses: {} } },
  },
};

function match(method: string, url: string, baseUrls = ['http://localhost:8080']) {
  const result = indexOperations(document, listOperations(document), baseUrls).match(method, url);
  return 'operation' in result ? result.operation.label : result.unmatched;
}

describe('indexOperations: server URL + path template + method', () => {
  it('matches under the documented server and under the environment with the server path', () => {
    expect(match('GET', 'https://api.example.com/v1/pets/7')).toBe('GET /pets/{petId}');
    expect(match('get', 'http://localhost:8080/v1/pets/7?x=1')).toBe('GET /pets/{petId}');
    expect(match('GET', 'http://localhost:9/v1/pets/7', ['http://localhost:9/v1'])).toBe('GET /pets/{petId}');
  });

  it('prefers a concrete path to a templated one', () => {
    expect(match('GET', 'http://localhost:8080/v1/pets/mine')).toBe('GET /pets/mine');
  });

  it('says why nothing matched', () => {
    expect(match('DELETE', 'http://localhost:8080/v1/pets')).toBe(
      'DELETE /pets is not in the OpenAPI document (documented: GET, POST)',
    );
    expect(match('GET', 'http://localhost:8080/v1/owners')).toBe(
      'GET /v1/owners matches no path of the OpenAPI document',
    );
    expect(match('GET', 'http://elsewhere.example/v1/pets')).toContain('matches no path');
  });
});
