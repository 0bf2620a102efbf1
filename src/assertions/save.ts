import { resolveSubjectPath, type Subject } from './subject.js';
import { describeType } from '../expressions/index.js';

export interface SaveRuleInput {
  variable: string;
  source: string;
}

/** Values to store, and one warning per rule that stored nothing (SPEC: a save warning, not a failure). */
export interface SaveOutcome {
  values: Record<string, unknown>;
  warnings: string[];
}

/** `count(body.items)` → `body.items`; undefined when the source is not a count. */
export function countedPath(source: string): string | undefined {
  const match = /^count\s*\(([\s\S]*)\)$/.exec(source);
  return match?.[1]?.trim();
}

type Extraction = { ok: true; value: unknown } | { ok: false; reason: string };

/** SPEC `save` sources: count() is the array's length; explicit null and [] count 0; anything else warns. */
function extractCount(path: string, subject: Subject): Extraction {
  const resolved = resolveSubjectPath(subject, path);
  if (!resolved.found) return { ok: false, reason: resolved.message };
  if (resolved.value === null) return { ok: true, value: 0 };
  if (Array.isArray(resolved.value)) return { ok: true, value: resolved.value.length };
  return { ok: false, reason: `\`${path}\` is ${describeType(resolved.value)}, not an array` };
}

function extract(source: string, subject: Subject): Extraction {
  const counted = countedPath(source);
  if (counted !== undefined) return extractCount(counted, subject);
  const resolved = resolveSubjectPath(subject, source);
  return resolved.found ? { ok: true, value: resolved.value } : { ok: false, reason: resolved.message };
}

/** Reads each `save` rule's source from the step's subject (SPEC phase 7; the engine runs it only after passing assertions). */
export function extractSaves(rules: readonly SaveRuleInput[], subject: Subject): SaveOutcome {
  // No prototype: a variable named `__proto__` must be stored, not change the object.
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const warnings: string[] = [];
  for (const rule of rules) {
    const source = rule.source.trim();
    const extraction = extract(source, subject);
    if (extraction.ok) values[rule.variable] = extraction.value;
    else warnings.push(`${source}: ${extraction.reason} (\`${rule.variable}\` not saved)`);
  }
  return { values, warnings };
}
