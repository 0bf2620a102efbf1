import { describe, expect, it } from 'vitest';
import { interpolate } from '../expressions/index.js';
import { scopeFromObject } from '../expressions/scope.js';
import { testRuntime } from '../expressions/testRuntime.js';
import { escapeTemplate } from './templateText.js';

/** What the engine makes of the escaped text, with variables of the same names defined. */
function sent(text: string): unknown {
  const scope = scopeFromObject({ name: 'VARIABLE', x: 'VARIABLE', uuid: 'VARIABLE' });
  return interpolate(escapeTemplate(text), scope, testRuntime());
}

describe('escapeTemplate', () => {
  it('keeps literal text literal through interpolation', () => {
    for (const text of [
      'plain',
      '$name',
      '${name}',
      '$$name',
      'costs $5',
      '$uuid',
      '$string(1)',
      '{{name}}',
      '{{ x }} and {{x.y}}',
      '{{not a reference}}',
      '{"a":"$x"}',
      '$',
      '{{',
    ]) {
      expect(sent(text)).toBe(text);
    }
  });

  it('writes `$$` for `$`', () => {
    expect(escapeTemplate('price: $5, $name')).toBe('price: $$5, $$name');
  });
});
