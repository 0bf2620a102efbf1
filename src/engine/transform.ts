/**
 * `request.transform` (DECISIONS, Scenario language): reshape a saved array into the request body. The
 * steps run in the order the block reads — filter, then slice, then map — and the result lands `into` a
 * body field, or is the whole body when `into` is absent.
 */
import {
  evaluateCondition,
  interpolate,
  interpolateDeep,
  describeType,
  type ExpressionRuntime,
} from '../expressions/index.js';
import { formatPath, parsePath } from '../expressions/path.js';
import type { Transform } from '../language/model.js';
import type { VariableStore } from './variables.js';

/** The name the current element is bound to inside `filter` and `map` (`$item.id`). */
const ITEM = 'item';

/** Thrown for bad input; the request step reports the message as its failure. */
export class TransformError extends Error {
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'TransformError';
    this.hint = hint;
  }
}

/** Returns the new request body; `body` (the interpolated `request.body`, if any) is not modified. */
export function applyTransform(
  transform: Transform,
  body: unknown,
  scope: VariableStore,
  runtime: ExpressionRuntime,
): unknown {
  let items = readSource(transform.from, scope, runtime);
  if (transform.filter !== undefined) {
    const filter = transform.filter;
    items = items.filter((item, index) =>
      withItem(scope, item, `transform.filter, item [${index}]`, () =>
        evaluateCondition(filter, scope, runtime),
      ),
    );
  }
  if (transform.slice !== undefined) items = applySlice(items, transform.slice);
  if (transform.map !== undefined) {
    const template = transform.map;
    items = items.map((item, index) =>
      withItem(scope, item, `transform.map, item [${index}]`, () =>
        interpolateDeep(template, scope, runtime),
      ),
    );
  }
  return transform.into === undefined ? items : placeInto(body, transform.into, items);
}

function readSource(from: string, scope: VariableStore, runtime: ExpressionRuntime): unknown[] {
  const reference = from.trim();
  if (!reference.startsWith('$')) {
    throw new TransformError(`transform.from must name a saved array, such as \`$products\`; got "${from}"`);
  }
  let value: unknown;
  try {
    value = interpolate(reference, scope, runtime);
  } catch (error) {
    throw new TransformError(`transform.from \`${reference}\`: ${messageOf(error)}`, hintOf(error));
  }
  if (!Array.isArray(value)) {
    throw new TransformError(`transform.from \`${reference}\` is ${describeType(value)}, not an array`);
  }
  return value;
}

/** Binds `$item` for one evaluation and always restores what the name held before. */
function withItem<T>(scope: VariableStore, item: unknown, where: string, evaluate: () => T): T {
  const restore = scope.bind(ITEM, item);
  try {
    return evaluate();
  } catch (error) {
    throw new TransformError(`${where}: ${messageOf(error)}`, hintOf(error));
  } finally {
    restore();
  }
}

const SLICE = /^\s*(-?\d*)\s*:\s*(-?\d*)\s*$/;

/** Python's `items[start:end]`: negatives count from the end, out-of-range bounds clamp; so does Array#slice. */
function applySlice<T>(items: readonly T[], slice: string): T[] {
  const match = SLICE.exec(slice);
  if (!match) {
    throw new TransformError(
      `transform.slice "${slice}" is not a slice`,
      'write start:end, such as `0:10`, `:5`, `2:` or `-3:`',
    );
  }
  const bound = (text: string | undefined): number | undefined =>
    text === undefined || text === '' ? undefined : Number(text);
  return items.slice(bound(match[1]), bound(match[2]));
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Writes `value` at the dotted path `into`, copying each object on the way so the caller's body is left
 * alone, and creating missing objects. A field that holds something else than an object is an error rather
 * than being overwritten silently.
 */
function placeInto(body: unknown, into: string, value: unknown): unknown {
  const segments = intoSegments(into);
  if (body !== undefined && !isObject(body)) {
    throw new TransformError(
      `transform.into \`${into}\` needs the request body to be a map, but it is ${describeType(body)}`,
    );
  }
  const root: JsonObject = { ...body };
  let parent = root;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      parent[segment] = value;
      return;
    }
    const existing = parent[segment];
    if (existing !== undefined && !isObject(existing)) {
      const at = formatPath(segments.slice(0, index + 1));
      throw new TransformError(
        `transform.into \`${into}\`: body field \`${at}\` is ${describeType(existing)}, not a map`,
      );
    }
    const copy: JsonObject = { ...existing };
    parent[segment] = copy;
    parent = copy;
  });
  return root;
}

function intoSegments(into: string): string[] {
  let segments;
  try {
    segments = parsePath(into.trim());
  } catch (error) {
    throw new TransformError(`transform.into: ${messageOf(error)}`);
  }
  if (segments.length === 0) {
    throw new TransformError('transform.into is empty', 'omit `into` to make the result the whole body');
  }
  return segments.map((segment) => {
    if (typeof segment === 'number') {
      throw new TransformError(
        `transform.into \`${into}\` has an array index; it takes field names such as \`order.items\``,
      );
    }
    return segment;
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function hintOf(error: unknown): string | undefined {
  const hint = (error as { hint?: unknown } | null)?.hint;
  return typeof hint === 'string' ? hint : undefined;
}
