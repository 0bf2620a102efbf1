/**
 * Postman text holds `{{name}}` variables; scenario text holds `$name` references and escapes a literal `$`
 * as `$$` (docs/language.md). A name the template language cannot write, or a Postman dynamic variable such as
 * `{{$isoTimestamp}}`, stays as literal text and is reported; the dynamic variables runner has a generator for
 * (`{{$guid}}`, `{{$timestamp}}`, `{{$randomInt}}`) become that generator.
 */
import { escapeTemplate } from '../templateText.js';

const POSTMAN_VARIABLE = /\{\{([^{}]+)\}\}/g;

/**
 * Postman's dynamic variables that runner has a generator for, with the same kind of value: a random UUID,
 * Unix seconds, an integer from 0 to 1000 (docs/language.md, Generators).
 */
const GENERATORS: ReadonlyMap<string, string> = new Map([
  ['$guid', 'uuid'],
  ['$randomUUID', 'uuid'],
  ['$timestamp', 'timestamp'],
  ['$randomInt', 'randomInt'],
]);
const SCENARIO_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Whether runner can name a Postman variable as it is (`fo/o` it cannot). */
export function isScenarioVariableName(name: string): boolean {
  return SCENARIO_NAME.test(name);
}

export interface TemplateResult {
  text: string;
  /** Variables referenced, by name. */
  variables: string[];
  /** `{{...}}` that could not become a reference (dynamic variables, odd names). */
  unconverted: string[];
}

/** `references`: variables read through another path (a secret's `accounts.postman.<field>`). */
export function postmanTemplate(
  text: string,
  references: ReadonlyMap<string, string> = new Map(),
): TemplateResult {
  const variables: string[] = [];
  const unconverted: string[] = [];
  let out = '';
  let last = 0;
  for (const match of text.matchAll(POSTMAN_VARIABLE)) {
    const name = (match[1] ?? '').trim();
    const at = match.index ?? 0;
    out += escapeTemplate(text.slice(last, at));
    const generator = GENERATORS.get(name);
    const reference = references.get(name);
    if (reference !== undefined) {
      out += `\${${reference}}`;
    } else if (generator !== undefined) {
      out += `\${${generator}}`;
    } else if (SCENARIO_NAME.test(name)) {
      out += `\${${name}}`;
      variables.push(name);
    } else {
      out += escapeTemplate(match[0]);
      unconverted.push(match[0]);
    }
    last = at + match[0].length;
  }
  out += escapeTemplate(text.slice(last));
  return { text: out, variables, unconverted };
}

/** `{{name}}` replaced by known values (for credentials, which are stored as plain values). */
export function resolvePostmanText(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(POSTMAN_VARIABLE, (whole, name: string) => values.get(name.trim()) ?? whole);
}
