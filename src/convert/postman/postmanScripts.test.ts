import { describe, expect, it } from 'vitest';
import { translateTestScript } from './postmanScripts.js';
import { postmanTemplate } from './postmanText.js';

describe('translateTestScript', () => {
  it('turns status, equality and environment-set statements into checks and saves', () => {
    const result = translateTestScript(
      [
        'var data = pm.response.json();',
        'pm.test("ok", function () {',
        '  pm.response.to.have.status(201);',
        '  pm.expect(data.items[0].name).to.eql("Ada");',
        '  pm.expect(pm.response.json().count).to.equal(2);',
        '  pm.expect(pm.response.code).to.eql(201);',
        '});',
        "pm.environment.set('userId', data.id);",
        'pm.collectionVariables.set("first", pm.response.json().items[0].id);',
      ].join('\n'),
    );
    expect(result.expect).toEqual([
      ['status', 201],
      ['body.items[0].name', 'Ada'],
      ['body.count', 2],
      ['status', 201],
    ]);
    expect(result.save).toEqual([
      ['userId', 'body.id'],
      ['first', 'body.items[0].id'],
    ]);
    expect(result.unconverted).toEqual([]);
  });

  it('keeps every other statement, counted, as not converted', () => {
    const result = translateTestScript(
      'pm.expect(pm.response.responseTime).to.be.below(200);\nconst x = JSON.parse(responseBody);\npm.expect(other.a).to.eql(1);',
    );
    expect(result.unconverted).toHaveLength(3);
    expect(result.expect).toEqual([]);
  });
});

describe('postmanTemplate', () => {
  it('writes {{name}} as a reference, escapes `$`, and keeps dynamic variables as text', () => {
    expect(postmanTemplate('{{baseUrl}}/a?p=$5&id={{$guid}}')).toEqual({
      text: '${baseUrl}/a?p=$$5&id={{$$guid}}',
      variables: ['baseUrl'],
      unconverted: ['{{$guid}}'],
    });
  });
});
