/**
 * A shell variable in a copied command (`-H "Authorization: Bearer $TOKEN"`) is not expanded when converting:
 * it becomes a variable reference (`$TOKEN`) with a note (issue 15). While the command is converted the
 * reference travels inside text as a marker made of private-use characters, which no real command holds, and
 * the printer turns each marker into a reference after escaping the literal text around it.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = /\uE000([A-Za-z_][A-Za-z0-9_]*)\uE001/g;

export function markShellVariable(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** Names of the shell variables marked in `text`, in order. */
export function shellVariablesIn(text: string): string[] {
  return [...text.matchAll(MARKER)].map((match) => match[1] ?? '');
}

export function hasShellVariable(text: string): boolean {
  return text.includes(OPEN);
}

/** Already-escaped template text with each marker written as a `${NAME}` reference. */
export function shellVariablesAsReferences(escaped: string): string {
  return escaped.replace(MARKER, (_match, name: string) => `\${env.${name}}`);
}
