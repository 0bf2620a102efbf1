/** ANSI styling, or none. Whether to colour is decided once by the CLI (TTY, NO_COLOR, FORCE_COLOR). */
export interface Style {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function createStyle(enabled: boolean): Style {
  if (!enabled)
    return { enabled, bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

/** Where a reporter writes; the CLI passes process streams, tests pass a buffer. */
export interface OutputStream {
  write(text: string): void;
}
