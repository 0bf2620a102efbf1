/**
 * JSON text written piece by piece, exactly as `JSON.stringify(value, null, 2)` would write it whole, so a
 * report of 20,000 steps never exists as one string (issue 14, flat memory). A field is a plain value, or
 * a list whose items are written one at a time as they are read.
 */

/**
 * Writes one item of a list at the indentation it is given: as one piece when it is small, or piece by
 * piece when it holds a list of its own.
 */
export type ItemWriter = (pad: string) => string | Generator<string>;

const INDENT = '  ';

/** A value written whole, indented to sit at `pad`. */
export function valueText(value: unknown, pad: string): string {
  const text = JSON.stringify(value, null, 2);
  return pad === '' ? text : text.replace(/\n/g, `\n${pad}`);
}

/** A list written item by item: `[]` when it has none, as JSON.stringify writes an empty array. */
function* listText(items: Iterable<ItemWriter>, pad: string): Generator<string> {
  const inner = pad + INDENT;
  let first = true;
  for (const item of items) {
    yield first ? `[\n${inner}` : `,\n${inner}`;
    first = false;
    const text = item(inner);
    if (typeof text === 'string') yield text;
    else yield* text;
  }
  yield first ? '[]' : `\n${pad}]`;
}

/** A marker for a field whose value is a list of item writers. */
export class Items {
  constructor(readonly items: Iterable<ItemWriter>) {}
}

/**
 * An object of plain and streamed fields, in the order given. Fields whose value is undefined are left out,
 * as JSON.stringify leaves them out.
 */
export function* objectText(fields: Iterable<readonly [string, unknown]>, pad: string): Generator<string> {
  const inner = pad + INDENT;
  let first = true;
  for (const [key, value] of fields) {
    if (value === undefined) continue;
    yield `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
    first = false;
    if (value instanceof Items) yield* listText(value.items, inner);
    else yield valueText(value, inner);
  }
  yield first ? '{}' : `\n${pad}}`;
}

/** Joins small pieces into chunks of about `size` characters, so a file is written in few large writes. */
export function* chunked(pieces: Iterable<string>, size = 64 * 1024): Generator<string> {
  let buffer: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    buffer.push(piece);
    length += piece.length;
    if (length >= size) {
      yield buffer.join('');
      buffer = [];
      length = 0;
    }
  }
  if (length > 0) yield buffer.join('');
}
