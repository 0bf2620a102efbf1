/**
 * Text that came from a server or a file, made safe to print on a terminal (DECISIONS.md, HTTP: "Text from a
 * server ... is printed on a terminal with control characters escaped, never interpreted"). An ESC, a carriage
 * return or a BEL from a server could otherwise recolour, rewrite or hide lines of a CI log. Line feeds and
 * tabs stay: bodies are printed line by line. C1 controls (U+0080-U+009F; U+009B is a CSI on some terminals)
 * and the bidirectional overrides that reorder what a line seems to say are escaped as well.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(char: string): string {
  if (char === '\u001b') return '\\x1b';
  if (char === '\r') return '\\r';
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

export function escapeControls(text: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, escapeOne) : text;
}
