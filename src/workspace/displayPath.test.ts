import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathFrom } from './displayPath.js';

describe('pathFrom', () => {
  const root = resolve('/work/project');

  it('re-bases a path shown relative to the cwd onto another directory, with / separators', () => {
    const cwd = join(root, '.runner', 'tests');
    expect(pathFrom(root, cwd, join('shop', 'orders.yaml'))).toBe('.runner/tests/shop/orders.yaml');
    expect(pathFrom(join(root, '.runner'), root, '.runner/tests/a.yaml')).toBe('tests/a.yaml');
    expect(pathFrom(root, root, '.')).toBe('.');
  });

  it('keeps a path outside the base absolute', () => {
    expect(pathFrom(join(root, 'sub'), root, 'other/a.yaml')).toBe(join(root, 'other', 'a.yaml'));
  });
});
