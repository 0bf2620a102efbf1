import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../diagnostics/errors.js';
import { evaluateCondition } from './condition.js';
import { scopeFromObject } from './scope.js';
import { interpolate } from './template.js';
import { testRuntime } from './testRuntime.js';

const os: Record<string, string> = { API_TOKEN: 's3cr3t', REGION: 'eu' };
const runtime = { ...testRuntime(), env: (name: string) => os[name] };

describe('$env.NAME', () => {
  it('reads an operating-system environment variable anywhere variables work', () => {
    expect(interpolate('$env.REGION', scopeFromObject({}), runtime)).toBe('eu');
    expect(interpolate('Bearer ${env.API_TOKEN}', scopeFromObject({}), runtime)).toBe('Bearer s3cr3t');
    expect(evaluateCondition('$env.REGION == eu', scopeFromObject({}), runtime)).toBe(true);
  });

  it('fails naming an unset variable, and never lists the ones that are set', () => {
    let error: unknown;
    try {
      interpolate('$env.MISSING', scopeFromObject({}), runtime);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ExpressionError);
    expect((error as ExpressionError).message).toBe(
      'environment variable `MISSING` is not set (read as `$env.MISSING`)',
    );
    expect(JSON.stringify(error)).not.toContain('API_TOKEN');
  });

  it('is false as a bare condition when unset, and unset without an env reader', () => {
    expect(evaluateCondition('$env.MISSING', scopeFromObject({}), runtime)).toBe(false);
    expect(() => interpolate('$env.REGION', scopeFromObject({}), testRuntime())).toThrow(/not set/);
  });

  it('leaves a scenario variable called `env` alone', () => {
    expect(interpolate('$env.REGION', scopeFromObject({ env: { REGION: 'us' } }), runtime)).toBe('us');
  });
});
