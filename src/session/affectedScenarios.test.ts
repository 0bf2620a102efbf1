import { describe, expect, it } from 'vitest';
import type { Scenario } from '../language/model.js';
import { affectedScenarios } from './affectedScenarios.js';
import type { RunPlan } from './planRun.js';

const root = '/project';
const use = (target: string) => ({ kind: 'use', use: target, usePath: `${root}/.runner/tests/${target}` });

function scenario(name: string, steps: unknown[] = []): Scenario {
  const path = `${root}/.runner/tests/${name}`;
  return { name, path, file: `.runner/tests/${name}`, setup: [], steps, teardown: [] } as unknown as Scenario;
}

const a = scenario('a.yaml');
const b = scenario('b.yaml', [use('_shared/login.yaml')]);
const c = scenario('c.yaml', [{ kind: 'repeat', repeat: { steps: [use('_shared/outer.yaml')] } }]);
const plan = {
  workspace: {
    root,
    runnerDir: `${root}/.runner`,
    configFile: `${root}/.runner/config.yaml`,
    config: {
      environments: { path: `${root}/.runner/environments` },
      schemas: { path: `${root}/.runner/schemas` },
      tests: { path: `${root}/.runner/tests` },
      openapi: `${root}/api/openapi.yaml`,
    },
  },
  scenarios: [a, b, c],
  fragments: new Map([
    [`${root}/.runner/tests/_shared/login.yaml`, scenario('_shared/login.yaml')],
    [`${root}/.runner/tests/_shared/outer.yaml`, scenario('_shared/outer.yaml', [use('_shared/login.yaml')])],
  ]),
} as unknown as RunPlan;

const names = (paths: string[]) => {
  const affected = affectedScenarios(plan, paths);
  return affected.all ? `all (${affected.why})` : affected.scenarios.map((s) => s.name);
};

describe('affectedScenarios (the plan-time use graph)', () => {
  it('runs a changed scenario, and every user of a changed fragment, through other fragments and loops', () => {
    expect(names([`${root}/.runner/tests/a.yaml`])).toEqual(['a.yaml']);
    expect(names([`${root}/.runner/tests/_shared/login.yaml`])).toEqual(['b.yaml', 'c.yaml']);
    expect(names([`${root}/.runner/tests/_shared/outer.yaml`])).toEqual(['c.yaml']);
    expect(names([`${root}/notes.txt`])).toEqual([]);
  });

  it('runs everything for config, environments, credentials, schemas and the OpenAPI document', () => {
    expect(names([`${root}/.runner/config.yaml`])).toBe('all (config.yaml)');
    expect(names([`${root}/.runner/environments/local.yaml`])).toBe('all (an environment)');
    expect(names([`${root}/.runner/credentials/local.yaml`])).toBe('all (credentials)');
    expect(names([`${root}/.runner/schemas/user.json`])).toBe('all (a schema)');
    expect(names([`${root}/api/openapi.yaml`])).toBe('all (the OpenAPI document)');
    expect(names([`${root}/api/schemas/pet.yaml`])).toBe('all (the OpenAPI document)');
  });
});
