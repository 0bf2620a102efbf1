/**
 * Where JSON text stops being valid, as a 1-based line and column, and V8's reason without the excerpt of
 * the text it quotes. V8 gives a position for some errors only (`Unexpected token 'o', "..." is not valid
 * JSON` has none), so the place is found by bisection: a prefix that ends before the mistake fails only for
 * running out of input, one that holds it fails before its end; text that only stops short is placed just
 * past its end. Only called once a parse has failed. Pure.
 */
export function jsonErrorPlace(text: string, error: unknown): { line: number; col: number; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.split(/, (?:\.\.\.)?"|\s+in JSON at position|\n/)[0] ?? message;
  let low = 1;
  let high = text.length + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsInside(text.slice(0, middle))) high = middle;
    else low = middle + 1;
  }
  const lines = text.slice(0, low - 1).split('\n');
  return { line: lines.length, col: (lines.at(-1)?.length ?? 0) + 1, reason };
}

/** Whether a prefix fails before its end (not merely because the input ran out). */
function failsInside(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/end of JSON input/i.test(message)) return false;
    const position = /position (\d+)/.exec(message);
    return position === null || Number(position[1]) < prefix.length;
  }
}
