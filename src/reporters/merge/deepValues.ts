/**
 * A report.json read by `report merge` gets the depth-safe handling a run gives a response body (issue 28;
 * DECISIONS.md, Wave 2 / Platform "Bad input never crashes"): every walk that follows (masking, every
 * renderer) recurses, so a value nested deeper than MAX_JSON_DEPTH is kept as its JSON text, with a warning on
 * its step, and steps nested deeper than MAX_STEP_NESTING are refused as not a runner report. Everything here
 * loops over explicit stacks, so no input can overflow the call stack. Works in place on the parsed report.
 */
import { describeTooDeep, MAX_JSON_DEPTH } from '../../diagnostics/jsonText.js';

/** Loops inside loops and `use`d scenarios nest steps; no real run comes near this. */
export const MAX_STEP_NESTING = 200;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` opens more than `limit` arrays or objects inside one another. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) stack.push([inner, depth + 1]);
  }
  return false;
}

/** A piece of text to write, as against a value still to serialise. */
class Text {
  constructor(readonly text: string) {}
}

/** `JSON.stringify(value)` (compact), without recursion. */
export function flatJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) out.push(item.text);
    else if (Array.isArray(item)) {
      stack.push(new Text(']'));
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i], new Text(i === 0 ? '' : ','));
      stack.push(new Text('['));
    } else if (isObject(item)) {
      const entries = Object.entries(item).filter(([, inner]) => inner !== undefined);
      stack.push(new Text('}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        stack.push(inner, new Text(`${i === 0 ? '' : ','}${JSON.stringify(key)}:`));
      }
      stack.push(new Text('{'));
    } else out.push(JSON.stringify(item) ?? 'null');
  }
  return out.join('');
}

/** Why a value of `field` was kept as text; a response body's reason reads as a run's does. */
function tooDeep(field: string): string {
  if (field === 'response.body') return describeTooDeep();
  return `\`${field}\` is nested deeper than ${MAX_JSON_DEPTH} levels and is kept as text`;
}

/**
 * Replaces each too deep field of `record` (and of its `request` and `response`) by its text; the lists of
 * records under `skip` are walked on their own.
 */
function keepFieldsAsText(record: Json, skip: readonly string[], warnings: string[]): void {
  for (const [key, value] of Object.entries(record)) {
    if (skip.includes(key)) continue;
    if ((key === 'request' || key === 'response') && isObject(value)) {
      for (const [part, inner] of Object.entries(value)) {
        if (nestsDeeperThan(inner, MAX_JSON_DEPTH)) {
          value[part] = flatJsonText(inner);
          warnings.push(tooDeep(`${key}.${part}`));
        }
      }
    } else if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
      record[key] = flatJsonText(value);
      warnings.push(tooDeep(key));
    }
  }
}

/**
 * Makes a parsed report safe for every walk that follows: too deep values become text, each named in its
 * step's `warnings`. Returns why the report cannot be merged (steps nested too deep), or undefined.
 */
export function keepDeepValuesAsText(report: unknown): string | undefined {
  if (!isObject(report)) return undefined;
  const records = [report, ...(Array.isArray(report.scenarios) ? report.scenarios : [])];
  const steps: [unknown, number][] = [];
  for (const record of records) {
    if (!isObject(record)) continue;
    keepFieldsAsText(record, ['steps', 'scenarios'], []);
    if (Array.isArray(record.steps)) for (const step of record.steps) steps.push([step, 1]);
  }
  while (steps.length > 0) {
    const [step, level] = steps.pop()!;
    if (!isObject(step)) continue;
    if (level > MAX_STEP_NESTING) return `steps are nested more than ${MAX_STEP_NESTING} levels deep`;
    const warnings: string[] = [];
    keepFieldsAsText(step, ['children'], warnings);
    if (warnings.length > 0)
      step.warnings = [...(Array.isArray(step.warnings) ? step.warnings : []), ...warnings];
    if (Array.isArray(step.children)) for (const child of step.children) steps.push([child, level + 1]);
  }
  return undefined;
}
