import { describe, expect, it } from 'vitest';
import { importPostman } from './importPostman.js';
import type { PostmanCollection } from './postmanTypes.js';

describe('importPostman: folders', () => {
  it('runs the collection as one scenario: each folder a fragment used in order, so saves carry over', () => {
    const collection = {
      info: { name: 'Shop' },
      item: [
        { name: 'Health', request: { method: 'GET', url: 'http://api.test/health' } },
        { name: 'Users', item: [{ name: 'List', request: { method: 'GET', url: 'http://api.test/users' } }] },
        {
          name: 'Users',
          item: [{ name: 'Again', request: { method: 'GET', url: 'http://api.test/users' } }],
        },
        { name: 'Empty', item: [] },
      ],
    } as PostmanCollection;
    const { scenarios } = importPostman(collection);
    expect(scenarios.map((s) => s.path)).toEqual(['users/_users.yaml', 'users-2/_users-2.yaml', 'shop.yaml']);
    const root = scenarios.find((s) => s.path === 'shop.yaml')?.yaml ?? '';
    expect(root).toContain(
      [
        '  - name: Health',
        '    request:',
        '      method: GET',
        '      url: http://api.test/health',
        '  - name: Users',
        '    use: users/_users.yaml',
        '  - name: Users',
        '    use: users-2/_users-2.yaml',
        '',
      ].join('\n'),
    );
  });
});
