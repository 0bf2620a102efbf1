import { describe, expect, it } from 'vitest';
import { mergeCoverage, type ApiCoverage } from './apiCoverage.js';

const shard = (requests: number, ok: number, missing: number): ApiCoverage => ({
  document: 'api.yaml',
  operations: [{ operation: 'GET /pets', requests, statuses: { '200': ok, '404': missing } }],
  unmatchedRequests: 1,
  summary: {
    operations: { documented: 1, exercised: requests > 0 ? 1 : 0 },
    statuses: { documented: 2, exercised: (ok > 0 ? 1 : 0) + (missing > 0 ? 1 : 0) },
  },
});

describe('mergeCoverage (coverage.json of several shards)', () => {
  it('adds counts up and counts the union of what was exercised', () => {
    expect(mergeCoverage([shard(2, 2, 0), shard(1, 0, 1)])).toEqual({
      document: 'api.yaml',
      operations: [{ operation: 'GET /pets', requests: 3, statuses: { '200': 2, '404': 1 } }],
      unmatchedRequests: 2,
      summary: { operations: { documented: 1, exercised: 1 }, statuses: { documented: 2, exercised: 2 } },
    });
  });
});
