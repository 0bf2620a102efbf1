import { describe, expect, it } from 'vitest';
import { parseScenario, parseYaml, type Scenario } from '../language/index.js';
import {
  compactScenario,
  mayUseOthers,
  scenarioFromStore,
  scenarioMentions,
  storeScenario,
  withScenarioPath,
} from './storedScenario.js';

const TEXT = `scenario: Users
tags: [smoke]
setup:
  - name: Log in
    request: { method: POST, url: /login }
    save: { ids: body.ids }
steps:
  - name: Read
    request: { method: GET, url: /users/1 }
    expect: { status: 200, body.id: 1 }
  - name: Twice
    for_each:
      from: $ids
      steps:
        - request: { method: GET, url: /ping/$item }
`;

function parsed(text = TEXT): Scenario {
  const result = parseScenario(
    text,
    'users.yaml',
    {
      schemas: new Set(),
      isUseTarget: false,
      resolveUse: () => ({ path: '/p/x.yaml', display: 'x.yaml', exists: true }),
    },
    parseYaml(text, 'users.yaml'),
  );
  if (!result.scenario) throw new Error(JSON.stringify(result.diagnostics));
  return result.scenario;
}

describe('stored scenarios', () => {
  it('read back equal to the parsed model, every field and every section', () => {
    const plain = parsed();
    const stored = compactScenario(plain);
    expect(stored).toEqual(plain);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(JSON.parse(JSON.stringify(plain)));
  });

  it('keep no step objects between reads: each read makes a fresh copy that nothing else holds', () => {
    const stored = compactScenario(parsed());
    const first = stored.steps;
    const second = stored.steps;
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    // A change to one copy is not seen by the next read.
    first.pop();
    expect(stored.steps).toHaveLength(2);
  });

  it('read an empty section as a fresh empty list without reading its bytes, and other sections as before', () => {
    const stored = compactScenario(parsed());
    const { sections } = storeScenario(stored);
    expect(sections.isEmpty('teardown')).toBe(true);
    expect(sections.isEmpty('setup')).toBe(false);
    expect(sections.isEmpty('steps')).toBe(false);
    sections.read = () => {
      throw new Error('read the bytes');
    };
    const first = stored.teardown;
    expect(first).toEqual([]);
    first.push(stored.teardown as never);
    expect(stored.teardown).toEqual([]);
    expect(() => stored.steps).toThrow('read the bytes');
  });

  it('hold the steps as bytes whatever the number of reads (the stored data never grows)', () => {
    const stored = compactScenario(parsed());
    const data = storeScenario(stored);
    const bytes = data.sections.byteLength;
    for (let i = 0; i < 50; i += 1) void stored.steps;
    const after = storeScenario(stored);
    expect(after).toBe(data);
    expect(after.sections.byteLength).toBe(bytes);
    expect(Object.keys(after.header)).not.toContain('steps');
  });

  it('stay stored when given a path, sharing their bytes', () => {
    const stored = compactScenario(parsed());
    const moved = withScenarioPath(stored, '/p/users.yaml');
    expect(moved.path).toBe('/p/users.yaml');
    expect(stored.path).toBeUndefined();
    expect(storeScenario(moved).sections).toBe(storeScenario(stored).sections);
    expect(moved.steps).toEqual(stored.steps);
    // A plain scenario gets its path the plain way.
    expect(withScenarioPath(parsed(), '/p/u.yaml').path).toBe('/p/u.yaml');
  });

  it('know whether a use step is anywhere without reading their sections', () => {
    const withUse = parsed(`scenario: Uses
steps:
  - request: { method: GET, url: /ids }
    save: { ids: body }
  - for_each:
      from: $ids
      steps:
        - use: ./x.yaml
`);
    expect(mayUseOthers(compactScenario(withUse))).toBe(true);
    expect(mayUseOthers(withUse)).toBe(true);
    expect(mayUseOthers(compactScenario(parsed()))).toBe(false);
    expect(mayUseOthers(parsed())).toBe(false);
  });

  it('come back from their data as a new object over the same bytes', () => {
    const data = storeScenario(parsed());
    const again = scenarioFromStore(data);
    expect(again.name).toBe('Users');
    expect(again.tags).toEqual(['smoke']);
    expect(again.setup[0]?.name).toBe('Log in');
    expect(storeScenario(again)).toBe(data);
  });

  it('tell whether a word is anywhere in them, as their JSON text would, without reading their steps', () => {
    const text = (header: string) => `scenario: Accounts
steps:
  - name: Read
    request:
      method: GET
      url: /me
      headers: { X-Who: "${header}" }
`;
    for (const header of ['$accounts.admin.token', 'Zoë ✓ $accounts.admin.token']) {
      const plain = parsed(text(header));
      expect(JSON.stringify(plain).includes('$accounts')).toBe(true);
      expect(scenarioMentions(compactScenario(plain), '$accounts')).toBe(true);
      expect(scenarioMentions(plain, '$accounts')).toBe(true);
    }
    const none = parsed(text('Zoë ✓ nobody'));
    expect(scenarioMentions(compactScenario(none), '$accounts')).toBe(false);
    expect(scenarioMentions(compactScenario(parsed()), '$accounts')).toBe(false);
    expect(scenarioMentions(compactScenario(parsed()), 'Twice')).toBe(true);
  });
});
