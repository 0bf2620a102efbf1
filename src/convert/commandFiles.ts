/**
 * Files and standard input that a curl command names (`-d @file`, `-T file`, `-b cookies.txt`, `-H @file`,
 * `@-` with a heredoc) are read when converting, so the step sends what curl sends (issue 15). The converter
 * stays pure: the caller passes a reader (the CLI reads relative to the current directory).
 */
import { conversionError } from './conversionError.js';
import type { ShellStdin } from './shellScript.js';
import { hasShellVariable } from './shellVariables.js';

export interface CommandFiles {
  /** The file's bytes, or undefined when it cannot be read. */
  read(path: string): Uint8Array | undefined;
}

/** What the command can read: files through the reader, `-` from its standard input. */
export interface CommandInput {
  files?: CommandFiles;
  stdin?: ShellStdin;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of `path` (`-` is standard input) for `option`. A file that cannot be read, standard input that is
 * not in the command, or bytes that are not UTF-8 text (a scenario body is text) refuse the conversion, naming
 * the option.
 */
export function readCommandText(input: CommandInput, path: string, option: string): string {
  const stdinFile = path === '-' && input.stdin?.kind === 'file' ? input.stdin.path : undefined;
  const named = stdinFile ?? path;
  const what =
    stdinFile === undefined ? `the file \`${shown(path)}\`` : `standard input from \`${shown(named)}\``;
  if (hasShellVariable(named)) {
    throw conversionError(
      'unreadable-file',
      `curl option \`${shown(option)}\` reads ${what}, which is named by a shell variable: its value is unknown when converting`,
      { hint: 'write the file name out in the command' },
    );
  }
  const bytes = path === '-' ? stdinBytes(input, option) : input.files?.read(path);
  return decodeCommandFile(bytes, `curl option \`${shown(option)}\` reads ${what}`, () =>
    conversionError(
      'binary-file',
      `curl option \`${shown(option)}\` sends ${what}, which is not UTF-8 text (a scenario body is text)`,
      { hint: 'send a binary file as a `multipart` file part, `-F name=@file`' },
    ),
  );
}

/**
 * A file's bytes as UTF-8 text; `reads` says who reads what (`curl option \`-d\` reads the file ...`) in the
 * refusal when the file cannot be read, and `notText` makes the refusal when it is not UTF-8.
 */
export function decodeCommandFile(
  bytes: Uint8Array | undefined,
  reads: string,
  notText: () => Error,
): string {
  if (bytes === undefined) {
    throw conversionError('unreadable-file', `${reads}, which cannot be read`, {
      hint: 'run `runner convert` in the directory where the command ran, next to the file',
    });
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw notText();
  }
}

/** A shell variable's marker shown as the `$NAME` the command holds. */
function shown(text: string): string {
  return text.replace(/\uE000([A-Za-z_][A-Za-z0-9_]*)\uE001/g, '$$$1');
}

function stdinBytes(input: CommandInput, option: string): Uint8Array | undefined {
  const stdin = input.stdin;
  if (stdin?.kind === 'text') return new TextEncoder().encode(stdin.text);
  if (stdin?.kind === 'file') return input.files?.read(stdin.path);
  throw conversionError(
    'unknown-stdin',
    `curl option \`${option}\` reads standard input, which the command does not give`,
    {
      hint: 'give it in the command with `< file` or a heredoc (`<<EOF`), or paste the data instead of `@-`',
    },
  );
}
