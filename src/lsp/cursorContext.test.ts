import { describe, expect, it } from 'vitest';
import { cursorContext, ITEM } from './cursorContext.js';

/** The context at the `|` in `text`. */
function at(text: string) {
  const lines = text.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes('|'));
  const character = lines[line]!.indexOf('|');
  lines[line] = lines[line]!.replace('|', '');
  return cursorContext(lines, line, character);
}

describe('cursorContext', () => {
  it('finds the keys above a key being typed, list items included', () => {
    expect(at('scenario: x\nsteps:\n  - name: one\n    request:\n      me|\n')).toEqual({
      kind: 'key',
      path: ['steps', ITEM, 'request'],
      prefix: 'me',
      siblings: [],
    });
  });

  it('reads a list written at its key’s own column', () => {
    expect(at('steps:\n- name: one\n  |\n')).toMatchObject({ kind: 'key', path: ['steps', ITEM] });
  });

  it('knows the keys already written in the same map, above and below', () => {
    const context = at('steps:\n  - name: one\n    |\n    expect: { status: 200 }\n');
    expect(context).toMatchObject({ kind: 'key', path: ['steps', ITEM], siblings: ['name', 'expect'] });
  });

  it('starts a new list item on a `- ` line', () => {
    expect(at('steps:\n  - name: one\n  - re|\n')).toMatchObject({
      kind: 'key',
      path: ['steps', ITEM],
      prefix: 're',
    });
  });

  it('gives the key and the text typed so far in a value', () => {
    expect(at('steps:\n  - request:\n      method: GE|\n')).toEqual({
      kind: 'value',
      path: ['steps', ITEM, 'request'],
      key: 'method',
      text: 'GE',
    });
  });

  it('reads expect paths with dots and quotes as keys', () => {
    expect(at('steps:\n  - expect:\n      "body.name": not em|\n')).toMatchObject({
      kind: 'value',
      path: ['steps', ITEM, 'expect'],
      key: 'body.name',
      text: 'not em',
    });
  });

  it('skips comments and blank lines and stops at a shallower key', () => {
    expect(
      at('steps:\n  - name: one\n\n    # note\n    save:\n      id: body.id\ntags:\n  |\n'),
    ).toMatchObject({
      path: ['tags'],
    });
  });
});
