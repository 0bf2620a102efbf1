/**
 * Text copied from a cURL command is literal, but scenario strings are templates (SPEC, Variables): a `$`
 * or a `{{name}}` in them would be read as a variable. These helpers write literal text so that it stays
 * literal (docs/language.md: `$$` is a literal `$`).
 */
import { shellVariablesAsReferences } from './shellVariables.js';

/** `{{` followed by a name and `}}`: the example-variable form, which has no escape of its own. */
const EXAMPLE_REFERENCE = /\{\{(?=\s*[A-Za-z0-9_][A-Za-z0-9_-]*[^}]*\}\})/g;

/**
 * `$` becomes `$$`. A `{{name}}` keeps its text through a call that yields the first brace, `$string('{')`,
 * since the template language has no escape for `{{`; such text is rare in real requests.
 */
export function escapeTemplate(text: string): string {
  return shellVariablesAsReferences(
    text.replaceAll('$', '$$$$').replace(EXAMPLE_REFERENCE, "$$string('{'){"),
  );
}
