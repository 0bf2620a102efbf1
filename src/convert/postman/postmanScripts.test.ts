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

  it('reads the older JSON.parse(responseBody) form, aliases of paths, and one-line guarded sets', () => {
    const result = translateTestScript(
      [
        'var responseJSON = JSON.parse(responseBody);',
        'var user = responseJSON.user || {};',
        "pm.globals.set('token', user.token);",
        'if (responseJSON.id) postman.setEnvironmentVariable("id", responseJSON.id);',
        "pm.globals.set('first', JSON.parse(responseBody).items[0].id);",
      ].join('\n'),
    );
    expect(result.save).toEqual([
      ['token', 'body.user.token'],
      ['id', 'body.id'],
      ['first', 'body.items[0].id'],
    ]);
    expect(result.unconverted).toEqual([]);
  });

  it('reads the older sandbox form `tests[...] = responseCode.code === n` as a status check', () => {
    const result = translateTestScript(
      [
        "tests['response code is 200'] = (responseCode.code === 200);",
        'tests["Created"] = responseCode.code == 201;',
        'tests["Fast"] = responseTime < 200;',
      ].join('\n'),
    );
    expect(result.expect).toEqual([
      ['status', 200],
      ['status', 201],
    ]);
    expect(result.unconverted).toEqual(['tests["Fast"] = responseTime < 200;']);
  });

  it('stops reading an alias once the script assigns it something else', () => {
    const result = translateTestScript(
      [
        'var jsonData = JSON.parse(responseBody);',
        'jsonData = jsonData[0];',
        'if (jsonData.id) postman.setEnvironmentVariable("id", jsonData.id);',
      ].join('\n'),
    );
    expect(result.save).toEqual([]);
    expect(result.unconverted).toHaveLength(2);
  });

  it('keeps every other statement, counted, as not converted', () => {
    const result = translateTestScript(
      'pm.expect(pm.response.responseTime).to.be.below(200);\nconst x = pm.response.text();\npm.expect(other.a).to.eql(1);',
    );
    expect(result.unconverted).toHaveLength(3);
    expect(result.expect).toEqual([]);
  });
});

describe('postmanTemplate', () => {
  it('writes {{name}} as a reference, escapes `$`, and keeps dynamic variables as text', () => {
    expect(postmanTemplate('{{baseUrl}}/a?p=$5&at={{$isoTimestamp}}')).toEqual({
      text: '${baseUrl}/a?p=$$5&at={{$$isoTimestamp}}',
      variables: ['baseUrl'],
      unconverted: ['{{$isoTimestamp}}'],
    });
  });

  it('writes the dynamic variables runner has a generator for as that generator', () => {
    expect(
      postmanTemplate('{{$guid}} {{$randomUUID}} {{$timestamp}} {{$randomInt}} {{constructor}}'),
    ).toEqual({
      text: '${uuid} ${uuid} ${timestamp} ${randomInt} ${constructor}',
      variables: ['constructor'],
      unconverted: [],
    });
  });
});
