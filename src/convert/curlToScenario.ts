/**
 * `runner convert '<curl command>'` (DECISIONS, Commands): a cURL command, as text or as words, to scenario
 * YAML with one request step, plus warnings for what could not be converted. Pure: the CLI reads stdin and
 * the workspace and passes what it found in.
 */
import { buildDraft } from './buildDraft.js';
import { looksLikeCmd, splitCmdWords } from './cmdWords.js';
import { conversionError } from './conversionError.js';
import type { CurlInvocation } from './curlInvocation.js';
import type { ConversionNotes } from './draftRequest.js';
import { isCurlProgram, parseCurlArgs } from './parseCurlArgs.js';
import { printScenario } from './printScenario.js';
import { relativeTo, type UrlTargets } from './relativeUrl.js';
import { replaceSecrets } from './replaceSecrets.js';
import { secretNamePredicate, type SensitiveName } from './secretNames.js';
import { splitShellWords } from './shellWords.js';

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
}

export interface CurlConversion {
  yaml: string;
  /** One line each, without a `warning:` prefix; they never hold a header, query or body value. */
  warnings: string[];
}

export function convertCurlText(text: string, options: CurlConversionOptions = {}): CurlConversion {
  const source = { name: options.sourceName ?? '<argument>', text };
  if (looksLikeCmd(text)) return convertCurlWords(splitCmdWords(source), options);
  const { words, stoppedAt } = splitShellWords(source);
  const conversion = convertCurlWords(words, options);
  if (stoppedAt !== undefined) {
    conversion.warnings.unshift(`the command ends at ${stoppedAt}; what follows was ignored`);
  }
  return conversion;
}

export function convertCurlWords(
  words: readonly string[],
  options: CurlConversionOptions = {},
): CurlConversion {
  const [program, ...args] = words;
  if (program === undefined) {
    throw conversionError('empty', 'no cURL command given', {
      hint: "pass it quoted, as in `runner convert 'curl https://api.example.test/users'`, or pipe it into `runner convert -`",
    });
  }
  if (!isCurlProgram(program)) {
    const shown = program.length > 40 ? `${program.slice(0, 40)}…` : program;
    throw conversionError('not-curl', `not a cURL command: it starts with \`${shown}\`, not \`curl\``, {
      hint: 'paste a command copied with "Copy as cURL", which starts with `curl`',
    });
  }
  const invocation = parseCurlArgs(args);
  const notes: ConversionNotes = { comments: [], warnings: [] };
  const draft = buildDraft(invocation, notes, options.assetsPrefix);
  const optionNotes = describeOptions(invocation);
  const relative = options.targets ? relativeTo(draft.url, options.targets) : { url: draft.url };
  const { request, slots } = replaceSecrets(
    { ...draft, ...relative },
    options.isSensitive ?? secretNamePredicate(),
  );
  const yaml = printScenario({
    request,
    comments: [...optionNotes.comments, ...notes.comments],
    secrets: slots,
    credentialsFile: options.credentialsFile ?? '.runner/credentials/<env>.yaml',
  });
  return { yaml, warnings: [...optionNotes.warnings, ...notes.warnings] };
}

/** Option names only: a value after an unknown option could be a secret. */
function describeOptions(invocation: CurlInvocation): ConversionNotes {
  const comments = invocation.notes.map(({ option, note }) => `curl ${option}: ${note}`);
  const warnings: string[] = [];
  for (const option of invocation.unknown) {
    warnings.push(`unknown curl option \`${option}\` was not converted`);
  }
  for (const { option, note } of invocation.unsupported) {
    warnings.push(`curl option \`${option}\` was not converted: ${note}`);
  }
  if (invocation.unknown.length > 0) {
    comments.push(`unknown curl options, not converted: ${invocation.unknown.join(', ')}`);
  }
  for (const { option, note } of invocation.unsupported)
    comments.push(`not converted: curl ${option} (${note})`);
  if (invocation.ignored.length > 0) {
    comments.push(`left out, they only change curl's own output: ${invocation.ignored.join(', ')}`);
  }
  return { comments, warnings };
}
