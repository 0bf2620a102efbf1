import { describe, expect, it } from 'vitest';
import { parseCacheOptions } from './parseCacheOptions.js';

describe('parseCacheOptions', () => {
  it('keeps no cache for a runner that was not built: it has no build identity to key entries by', () => {
    // Under vitest the build constants are not stamped, as when running the source with tsx.
    expect(parseCacheOptions({ env: { RUNNER_CACHE_DIR: '/somewhere' } })).toBeUndefined();
  });
});
