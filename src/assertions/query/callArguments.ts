const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * Splits the inside of `f(a, b)` at its top-level commas, trimmed. Commas inside brackets or quotes belong to
 * the argument (`regex($.a[?@.b == 'x,y'], "(\d+)")`, `count(xpath(//a[@id='p,q']))`). A backslash escapes
 * the next character inside quotes. Undefined when brackets or quotes do not balance.
 */
export function splitArguments(text: string): string[] | undefined {
  const args: string[] = [];
  const open: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== undefined) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (CLOSERS[ch] !== undefined) {
      open.push(CLOSERS[ch]);
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (open.pop() !== ch) return undefined;
    } else if (ch === ',' && open.length === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (quote !== undefined || open.length > 0) return undefined;
  args.push(text.slice(start).trim());
  return args;
}
