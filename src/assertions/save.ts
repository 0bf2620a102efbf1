import { resolveSubjectPath, type Subject } from './subject.js';

export interface SaveRuleInput {
  variable: string;
  source: string;
}

/** Values to store, and one warning per rule that stored nothing (SPEC: a save warning, not a failure). */
export interface SaveOutcome {
  values: Record<string, unknown>;
  warnings: string[];
}

/**
 * Reads each `save` rule's source from the step's subject (SPEC phase 7; the engine runs it only after passing
 * assertions). Sources are the paths `expect` reads, functions included: `count(body.items)` is the list's
 * length, explicit null counts 0, and a missing path or a value that cannot be counted is a warning.
 */
export function extractSaves(rules: readonly SaveRuleInput[], subject: Subject): SaveOutcome {
  // No prototype: a variable named `__proto__` must be stored, not change the object.
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const warnings: string[] = [];
  for (const rule of rules) {
    const source = rule.source.trim();
    const resolved = resolveSubjectPath(subject, source);
    if (resolved.found) values[rule.variable] = resolved.value;
    else warnings.push(`${source}: ${resolved.message} (\`${rule.variable}\` not saved)`);
  }
  return { values, warnings };
}
