import { describe, expect, it } from 'vitest';
import { jsonErrorPlace } from './jsonErrorPlace.js';

function place(text: string) {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonErrorPlace(text, error);
  }
  throw new Error('the text parsed');
}

describe('jsonErrorPlace', () => {
  it('finds the line and column of the mistake even when V8 gives no position', () => {
    expect(place('{\n  "a": {\n    "b": oops\n}\n')).toMatchObject({ line: 3, col: 10 });
    expect(place('{"a": 1 "b": 2}')).toMatchObject({ line: 1, col: 9 });
    expect(place('{"a": 1}}')).toMatchObject({ line: 1, col: 9 });
  });

  it('points past the end when the text stops short', () => {
    expect(place('{\n"a": [1,')).toMatchObject({ line: 2, col: 9 });
    expect(place('{"a": "unterminated')).toMatchObject({ line: 1, col: 20 });
  });

  it("keeps V8's reason without the excerpt of the text it quotes", () => {
    const { reason } = place('{"secretish": oops}');
    expect(reason).toBe("Unexpected token 'o'");
    expect(place('{"a": 1 "b": 2}').reason).toBe("Expected ',' or '}' after property value");
  });
});
