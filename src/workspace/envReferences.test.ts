import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { fillEnvReferences } from './envReferences.js';

const os: Record<string, string> = { HOST: 'api.example.test', PASS: 'p$w' };
const read = (name: string) => os[name];

describe('fillEnvReferences', () => {
  it('fills $env.NAME and ${env.NAME} in every string, keeping $$ and other text', () => {
    const filled = fillEnvReferences(
      {
        baseUrl: 'https://$env.HOST/v1',
        variables: { pass: '${env.PASS}', price: '$$5', n: 3 },
        list: ['$env.HOST'],
      },
      read,
      'env.yaml',
    );
    expect(filled).toEqual({
      baseUrl: 'https://api.example.test/v1',
      variables: { pass: 'p$w', price: '$$5', n: 3 },
      list: ['api.example.test'],
    });
  });

  it('stops with the file and the name when a variable is unset', () => {
    expect(() => fillEnvReferences({ a: 'x $env.NOPE' }, read, '.runner/credentials/ci.yaml')).toThrow(
      '.runner/credentials/ci.yaml: environment variable `NOPE` is not set (read as `$env.NOPE`)',
    );
    try {
      fillEnvReferences({ a: 'x $env.NOPE' }, read, 'x.yaml');
    } catch (error) {
      expect(error).toBeInstanceOf(RunnerError);
      expect((error as RunnerError).code).toBe('env.unset');
    }
  });
});
