/**
 * Text that came from a server or a file, made safe to print on a terminal or in a CI log (DECISIONS.md, HTTP:
 * "Text from a server ... is printed on a terminal with control characters escaped, never interpreted"; issue
 * 28). This is the one boundary every printed name, value, header, body, message and path passes:
 *
 * - Every C0 control (line feed and tab included), DEL and every C1 control is shown as an escape (`\x1b`,
 *   `\r`, `\n`, `\t`, `\u0085`): an ESC or CSI could recolour or clear the screen, a carriage return rewrite a
 *   line, and a line feed start a new line that a CI system reads as its own (a GitHub Actions workflow
 *   command such as `::add-mask::` or `::stop-commands::`).
 * - The Unicode line and paragraph separators (U+2028, U+2029), which some terminals and log viewers break
 *   lines on, and the bidirectional embeddings, overrides and isolates, which reorder what a line seems to
 *   say ("Trojan Source"), are escaped too. Ordinary letters of every script stay as they are.
 * - What GitHub Actions reads as a workflow command is broken: a colon that starts the text (after blanks,
 *   which the Actions runner trims) becomes `\u003a`, so no line that starts with run text can start with
 *   `::`, however the pieces of the line are put together; the legacy `##[`, which the runner reads anywhere
 *   in a line, becomes `#\u0023[`.
 *
 * `escapeControls` is for text printed inside one line; `escapeControlLines` for text printed as lines of its
 * own (a body), where each line break is kept as a break and each line is escaped as above.
 */
const CONTROLS = '\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069';
const CONTROL = new RegExp(`[${CONTROLS}]`, 'g');
const UNSAFE = new RegExp(`[${CONTROLS}]|##\\[|^\\s*:`, 'g');

const NAMED: Record<string, string> = { '\u001b': '\\x1b', '\r': '\\r', '\n': '\\n', '\t': '\\t' };

function escapeControl(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function escapeOne(found: string): string {
  if (found === '##[') return '#\\u0023[';
  // The blanks before the colon may hold controls of their own (`\r`, a tab).
  if (found.endsWith(':')) return `${found.slice(0, -1).replace(CONTROL, escapeControl)}\\u003a`;
  return escapeControl(found);
}

/** Text for one line of output: nothing in it can end the line, control the terminal or start a CI command. */
export function escapeControls(text: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, escapeOne) : text;
}

/**
 * Text printed as lines of its own (a body, a multi-line message): split at its line breaks (`\n`, `\r\n`),
 * each line escaped as `escapeControls` does; the caller indents or prefixes each line.
 */
export function escapeControlLines(text: string): string[] {
  return text.split(/\r?\n/).map(escapeControls);
}
