/**
 * ajv's errors as one readable line per violation, each starting with the JSON path in the body:
 * `body.items[2].email: must match format "email", got "bob"`, `body: must have required property 'id'`.
 */
import type { ErrorObject } from 'ajv';
import { describeType, quoteValue } from '../expressions/index.js';
import { formatPath, type PathSegment } from '../expressions/path.js';

/** Violations listed one by one; past this many the rest are only counted, to keep a failure readable. */
const MAX_LISTED_VIOLATIONS = 20;

const MAX_SHOWN_VALUE = 60;

/** The body segments of a JSON Pointer: `/items/2/email` → items, 2, email (an index only inside arrays). */
function bodySegments(pointer: string, body: unknown): PathSegment[] {
  const segments: PathSegment[] = [];
  let value = body;
  const steps = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const step of steps) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^\d+$/.test(key)) {
      segments.push(Number(key));
      value = value[Number(key)];
    } else {
      segments.push(key);
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}

/** `body.items[2].email`, `body[0]`, `body`. */
function bodyPath(segments: readonly PathSegment[]): string {
  const rest = formatPath(segments);
  return rest === '' ? 'body' : rest.startsWith('[') ? `body${rest}` : `body.${rest}`;
}

function shown(value: unknown): string {
  return value !== null && typeof value === 'object'
    ? describeType(value)
    : quoteValue(value, MAX_SHOWN_VALUE);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function param(error: ErrorObject, name: string): unknown {
  return (error.params as Record<string, unknown>)[name];
}

/**
 * What a violation says, after its path: `must be integer, got "12"`. Without `showValue` the value is left
 * out (`must be integer`), for fields whose values are masked.
 */
export function describeViolation(error: ErrorObject, showValue = true): string {
  const got = showValue ? `, got ${shown(error.data)}` : '';
  switch (error.keyword) {
    case 'type':
      return `must be ${String(param(error, 'type')).split(',').join(' or ')}${got}`;
    case 'enum': {
      const allowed = param(error, 'allowedValues');
      const list = Array.isArray(allowed) ? allowed.map((value) => quoteValue(value)).join(', ') : '';
      return `must be one of ${list}${got}`;
    }
    case 'const':
      return `must be ${quoteValue(param(error, 'allowedValue'))}${got}`;
    case 'additionalProperties':
      return `must not have additional property '${String(param(error, 'additionalProperty'))}'`;
    case 'unevaluatedProperties':
      return `must not have unevaluated property '${String(param(error, 'unevaluatedProperty'))}'`;
    default: {
      // ajv writes NOT in capitals ("must NOT have fewer than 3 characters"); the rest of our output does not shout.
      const message = (error.message ?? `must satisfy "${error.keyword}"`).replace(/\bNOT\b/g, 'not');
      return isScalar(error.data) && error.keyword !== 'required' ? `${message}${got}` : message;
    }
  }
}

/**
 * One line per distinct violation, at most MAX_LISTED_VIOLATIONS, then `… and N more`. `isSensitive` gets the
 * keys of each path (`['body', 'token']`); where it says yes, the value found is not shown, because these
 * lines are text that field masking cannot see into (src/reporters/maskingBoundary.ts).
 */
export function describeViolations(
  errors: readonly ErrorObject[],
  body: unknown,
  isSensitive: (keys: readonly string[]) => boolean = () => false,
): string[] {
  const lines = errors.map((error) => {
    const segments = bodySegments(error.instancePath, body);
    const showValue = !isSensitive(['body', ...segments.map(String)]);
    return `${bodyPath(segments)}: ${describeViolation(error, showValue)}`;
  });
  const distinct = [...new Set(lines)];
  if (distinct.length <= MAX_LISTED_VIOLATIONS) return distinct;
  return [
    ...distinct.slice(0, MAX_LISTED_VIOLATIONS),
    `… and ${distinct.length - MAX_LISTED_VIOLATIONS} more`,
  ];
}
