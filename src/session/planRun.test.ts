import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { planRun } from './planRun.js';

let project: TempTree | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('planRun with a parse cache', () => {
  it('keeps scenario text in the cache file, and nothing from config, environment or credentials', async () => {
    const secret = 'sk-planted-0123456789-secret';
    project = await tempTree({
      '.runner/config.yaml': 'project: { name: config-name-marker }\n',
      '.runner/environments/local.yaml':
        'baseUrl: http://env-host-marker.localhost:1\nvariables: { apiKey: env-value-marker }\n',
      '.runner/credentials/local.yaml': `admin:\n  password: ${secret}\n`,
      '.runner/tests/health.yaml':
        'scenario: Health\nsteps:\n  - request: { method: GET, url: /health }\n    expect: { status: 200 }\n',
    });
    const parseCache = { dir: project.path('cache'), build: 'b' };
    for (let run = 0; run < 2; run += 1) {
      const plan = await planRun({ cwd: project.root, parseCache });
      expect(plan.scenarios.map((scenario) => scenario.name)).toEqual(['Health']);
      expect(plan.accounts).toEqual({ admin: { password: secret } });
    }
    const files = await readdir(project.path('cache'));
    expect(files).toHaveLength(1);
    const written = await readFile(project.path('cache', files[0] ?? ''));
    expect(written.includes('/health')).toBe(true);
    for (const marker of ['config-name-marker', 'env-host-marker', 'env-value-marker', secret]) {
      expect(written.includes(marker)).toBe(false);
    }
  });
});
