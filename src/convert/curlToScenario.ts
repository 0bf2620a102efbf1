/**
 * `runner convert '<curl command>'` (DECISIONS, Commands and Authoring): one or more cURL commands, as text or
 * as words, to scenario YAML with one request step per request curl would send, in order (several commands,
 * several URLs, `--next`); grpcurl commands become `grpc` steps (grpcurl/). Whatever cannot be sent as curl
 * sends it is refused by name (exit 2). Pure: the CLI reads stdin and the workspace, and passes a reader for
 * the files the command names.
 */
import { buildDraft } from './buildDraft.js';
import { splitCommandText } from './commandDialect.js';
import type { CommandFiles, CommandInput } from './commandFiles.js';
import { conversionError } from './conversionError.js';
import type { CurlInvocation } from './curlInvocation.js';
import type { ConversionNotes, DraftRequest, DraftWebSocket } from './draftRequest.js';
import { isCurlProgram, parseCurlArgs } from './parseCurlArgs.js';
import { printScenario } from './printScenario.js';
import { convertGrpcurlCommands, isGrpcurlProgram } from './grpcurl/grpcurlToScenario.js';
import { relativeTo, type UrlTargets } from './relativeUrl.js';
import { replaceSecrets } from './replaceSecrets.js';
import { SecretFields, secretNamePredicate, type SensitiveName } from './secretNames.js';
import type { ShellCommand } from './shellScript.js';
import { shellVariablesIn } from './shellVariables.js';
import { refuseCurlAlias, refuseWebCmdlets } from './webCmdlets.js';
import { isWebsocatProgram } from './websocat/parseWebsocatArgs.js';
import { websocatStep } from './websocat/websocatStep.js';

export interface CurlConversionOptions {
  /** Names the text in error positions: `<argument>` (default) or `<stdin>`. */
  sourceName?: string;
  /** The `--env` environment's base URLs: URLs under one become relative. */
  targets?: UrlTargets;
  /** Where the comment tells the user to put secrets (default `.runner/credentials/<env>.yaml`). */
  credentialsFile?: string;
  /** Names whose values are secrets; default: the masker's built-in fields and likely secret names. */
  isSensitive?: SensitiveName;
  /** The assets folder relative to the current directory, when a workspace is known. */
  assetsPrefix?: string;
  /** Reads the files the command names (`-d @file`, `-T`, `-b file`, ...); without it they are refused. */
  files?: CommandFiles;
}

export interface CurlConversion {
  yaml: string;
  /** One line each, without a `warning:` prefix; they never hold a header, query or body value. */
  warnings: string[];
}

const WEBSOCAT_ORIGIN =
  ' Converted from a websocat command by `runner convert`. Add checks under `expect:`, such as `messages.count: 1`.';

export function convertCurlText(text: string, options: CurlConversionOptions = {}): CurlConversion {
  const source = { name: options.sourceName ?? '<argument>', text };
  let commands: ShellCommand[];
  try {
    commands = splitCommandText(source);
  } catch (error) {
    // "Copy as PowerShell" starts with `$session = New-Object ...`: name the cmdlet, not that variable.
    refuseWebCmdlets(text);
    throw error;
  }
  return convertCommands(commands, options);
}

export function convertCurlWords(
  words: readonly string[],
  options: CurlConversionOptions = {},
): CurlConversion {
  return convertCommands([{ words: [...words] }], options);
}

function convertCommands(commands: ShellCommand[], options: CurlConversionOptions): CurlConversion {
  const notes: ConversionNotes = { comments: [], warnings: [] };
  for (const { words } of commands) refuseWebCmdlets(words[0] ?? '');
  const grpcurlCommands = commands.filter(({ words }) => isGrpcurlProgram(words[0] ?? ''));
  if (grpcurlCommands.length > 0) {
    if (grpcurlCommands.length < commands.length) {
      throw conversionError('mixed-commands', 'grpcurl and other commands cannot be converted together', {
        hint: 'convert the grpcurl commands on their own',
      });
    }
    return convertGrpcurlCommands(grpcurlCommands, options);
  }
  // websocat commands become websocket steps, in order with the requests (issue 25).
  const curlCommands = commands.filter(
    ({ words }) => isCurlProgram(words[0] ?? '') || isWebsocatProgram(words[0] ?? ''),
  );
  const [first] = commands;
  if (first === undefined) {
    throw conversionError('empty', 'no cURL command given', {
      hint: "pass it quoted, as in `runner convert 'curl https://api.example.test/users'`, or pipe it into `runner convert -`",
    });
  }
  if (curlCommands.length === 0) {
    // `$r = Invoke-RestMethod ...` read as bash: the cmdlet is not the first word.
    for (const word of commands.flatMap(({ words }) => words)) refuseWebCmdlets(word);
    const program = first.words[0] ?? '';
    const shown = program.length > 40 ? `${program.slice(0, 40)}…` : program;
    throw conversionError(
      'not-curl',
      `not a cURL command: it starts with \`${shown}\`, not \`curl\` (or \`websocat\`)`,
      { hint: 'paste a command copied with "Copy as cURL", which starts with `curl`' },
    );
  }
  // `echo '<message>' | websocat ...`: the echo is the websocket step's message, not a command of its own.
  const echoes = commands.filter(
    (command, index) =>
      command.words[0] === 'echo' &&
      commands[index + 1]?.stdin?.kind === 'pipe' &&
      isWebsocatProgram(commands[index + 1]?.words[0] ?? ''),
  );
  for (const command of commands) {
    if (!curlCommands.includes(command) && !echoes.includes(command)) {
      notes.warnings.push(`\`${command.words[0] ?? ''}\` is not a curl command: skipped`);
    }
  }
  const isSensitive = options.isSensitive ?? secretNamePredicate();
  const fields = new SecretFields();
  const requests: (DraftRequest | DraftWebSocket)[] = [];
  const optionComments: string[] = [];
  for (const command of curlCommands) {
    if (isWebsocatProgram(command.words[0] ?? '')) {
      const context = {
        notes,
        optionComments,
        isSensitive,
        fields,
        ...(options.files ? { files: options.files } : {}),
      };
      const before = commands[commands.indexOf(command) - 1];
      requests.push(websocatStep(command.words, command.stdin, context, before?.words));
      continue;
    }
    refuseCurlAlias(command.words);
    const input: CommandInput = {
      ...(options.files ? { files: options.files } : {}),
      ...(command.stdin ? { stdin: command.stdin } : {}),
    };
    for (const invocation of parseCurlArgs(command.words.slice(1))) {
      optionComments.push(...describeOptions(invocation));
      for (const draft of draftsOf(invocation, input, notes, options.assetsPrefix)) {
        const relative = options.targets ? relativeTo(draft.url, options.targets) : { url: draft.url };
        requests.push(replaceSecrets({ ...draft, ...relative }, isSensitive, fields).request);
      }
    }
  }
  const variables = [...new Set(requests.flatMap((request) => shellVariablesIn(JSON.stringify(request))))];
  if (variables.length > 0) {
    notes.comments.push(
      `shell variables became references to the environment variables of the run: ${variables.map((name) => `$env.${name}`).join(', ')}`,
    );
  }
  const onlyWebsocat = requests.every((step) => 'websocket' in step);
  const yaml = printScenario({
    requests,
    ...(onlyWebsocat ? { origin: WEBSOCAT_ORIGIN } : {}),
    comments: [...new Set([...optionComments, ...notes.comments])],
    secrets: fields.slots,
    credentialsFile: options.credentialsFile ?? '.runner/credentials/<env>.yaml',
  });
  return { yaml, warnings: notes.warnings };
}

/** One request per URL, each with its `-T` file when there is one (curl pairs them in order). */
function draftsOf(
  invocation: CurlInvocation,
  input: CommandInput,
  notes: ConversionNotes,
  assetsPrefix: string | undefined,
): DraftRequest[] {
  const urls = invocation.urls.length > 0 ? invocation.urls : [''];
  const context = { notes, input, ...(assetsPrefix !== undefined ? { assetsPrefix } : {}) };
  return urls.map((url, i) => buildDraft(invocation, url, invocation.uploads[i], context));
}

function describeOptions(invocation: CurlInvocation): string[] {
  const comments = invocation.notes.map(({ option, note }) => `curl ${option}: ${note}`);
  if (invocation.ignored.length > 0) {
    comments.push(`left out, they only change curl's own output: ${invocation.ignored.join(', ')}`);
  }
  return comments;
}
