/**
 * One websocat command as a websocket step: its URL, handshake headers (secrets become `$accounts.api.<field>`
 * variables, as for curl), subprotocols, the lines it would send from a heredoc or `< file` (websocat's text
 * mode: one line, one message), and `-1` as `receive: { count: 1 }`.
 */
import { conversionError } from '../conversionError.js';
import { decodeCommandFile, type CommandFiles } from '../commandFiles.js';
import type { ConversionNotes, DraftWebSocket } from '../draftRequest.js';
import { replaceSecrets } from '../replaceSecrets.js';
import type { SecretFields, SensitiveName } from '../secretNames.js';
import type { ShellStdin } from '../shellScript.js';
import { parseWebsocatArgs } from './parseWebsocatArgs.js';

export interface WebsocatContext {
  notes: ConversionNotes;
  optionComments: string[];
  isSensitive: SensitiveName;
  fields: SecretFields;
  files?: CommandFiles;
}

/**
 * What the command feeds websocat on standard input, as text: a heredoc, `< file`, or the words of an `echo`
 * piped into it (`echo '{"op":"ping"}' | websocat ...`, the usual way to send one message).
 */
function stdinText(
  stdin: ShellStdin,
  files: CommandFiles | undefined,
  piped: readonly string[] | undefined,
): string {
  if (stdin.kind === 'text') return stdin.text;
  if (stdin.kind === 'pipe') {
    const [program, ...words] = piped ?? [];
    if (program === 'echo' && !words.some((word) => word.startsWith('-'))) return `${words.join(' ')}\n`;
    throw conversionError(
      'unknown-stdin',
      `websocat sends what \`${program ?? ''}\` prints, which is unknown when converting`,
      { hint: "give the messages as a heredoc (`<<EOF`), one per line, or with `echo '...' |`" },
    );
  }
  const reads = `websocat reads standard input from \`${stdin.path}\``;
  return decodeCommandFile(files?.read(stdin.path), reads, () =>
    conversionError('binary-file', `${reads}, which is not UTF-8 text`, {
      hint: 'a websocket step sends text frames',
    }),
  );
}

/** `piped`: the words of the command before it in a pipeline, when its standard input is that command's output. */
export function websocatStep(
  words: readonly string[],
  stdin: ShellStdin | undefined,
  context: WebsocatContext,
  piped?: readonly string[],
): DraftWebSocket {
  const invocation = parseWebsocatArgs(words.slice(1));
  context.optionComments.push(...invocation.notes);
  if (invocation.ignored.length > 0) {
    context.optionComments.push(
      `left out, they only change websocat's own output: ${invocation.ignored.join(', ')}`,
    );
  }
  const lines =
    stdin === undefined || invocation.receiveOnly
      ? []
      : stdinText(stdin, context.files, piped)
          .split('\n')
          .map((line) => line.replace(/\r$/, ''))
          .filter((line) => line !== '');
  const { request } = replaceSecrets(
    { method: 'GET', url: invocation.url, query: [], headers: invocation.headers },
    context.isSensitive,
    context.fields,
  );
  return {
    websocket: {
      url: invocation.url,
      ...(request.urlTemplate ? { urlTemplate: request.urlTemplate } : {}),
      headers: request.headers,
      subprotocols: invocation.subprotocols,
      send: lines,
      ...(invocation.oneMessage ? { count: 1 } : {}),
    },
  };
}
