/**
 * The words of a curl command line to a CurlInvocation, the way curl reads its arguments: long options
 * (`--header v`), short ones alone (`-H v`), glued to their value (`-XPOST`) or clustered (`-sSL`,
 * `-sXPOST`), `--` ending the options, and every other word a URL.
 */
import { conversionError } from './conversionError.js';
import { emptyInvocation, type CurlInvocation } from './curlInvocation.js';
import { CURL_OPTIONS } from './curlOptions.js';

const BY_LONG = new Map(CURL_OPTIONS.map((option) => [option.long, option]));
const BY_SHORT = new Map(CURL_OPTIONS.flatMap((option) => (option.short ? [[option.short, option]] : [])));

/** `curl`, `curl.exe`, `/usr/bin/curl`, `C:\tools\curl.exe`. */
export function isCurlProgram(word: string): boolean {
  return /(^|[/\\])curl(\.exe)?$/i.test(word);
}

/**
 * `args` are the words after `curl`; `--next` (`-:`) starts another request with fresh options, so each
 * part is its own invocation. An option curl does not know (or this converter does not) refuses the
 * conversion by name: nothing is dropped silently.
 */
export function parseCurlArgs(args: readonly string[]): CurlInvocation[] {
  const invocations = [emptyInvocation()];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const invocation = invocations[invocations.length - 1] ?? emptyInvocation();
    const arg = args[i] ?? '';
    const valueAfter = (spelled: string): string => {
      const value = args[i + 1];
      if (value === undefined) {
        throw conversionError('missing-value', `the curl option \`${spelled}\` needs a value`);
      }
      i += 1;
      return value;
    };
    if (optionsEnded || !arg.startsWith('-') || arg === '-') {
      invocation.urls.push(arg);
    } else if (arg === '--') {
      optionsEnded = true;
    } else if (arg === '--next' || arg === '-:') {
      invocations.push(emptyInvocation());
    } else if (arg.startsWith('--')) {
      readLong(invocation, arg, valueAfter);
    } else if (readShortCluster(invocation, arg, valueAfter) === 'next') {
      invocations.push(emptyInvocation());
    }
  }
  return invocations;
}

function readLong(invocation: CurlInvocation, arg: string, valueAfter: (spelled: string) => string): void {
  const name = arg.slice(2);
  const option = BY_LONG.get(name);
  if (option) {
    option.apply(invocation, option.takesValue ? valueAfter(arg) : '', arg);
    return;
  }
  // curl accepts `--no-<name>` for every switch; turning one off changes nothing here.
  const negated = name.startsWith('no-') ? BY_LONG.get(name.slice(3)) : undefined;
  if (negated && !negated.takesValue) invocation.ignored.push(arg);
  else throw unknownOption(withoutValue(arg));
}

function unknownOption(spelled: string): Error {
  return conversionError('unknown-option', `unknown curl option \`${spelled}\`: it cannot be converted`, {
    hint: 'remove it if the request does not need it; options runner knows are listed in docs/convert.md',
  });
}

/**
 * curl has no `--name=value` form, so `--user=bob:secret` is an unknown option; it is reported by name
 * only, since what follows `=` may be a credential (docs/convert.md: warnings never name a value).
 */
function withoutValue(arg: string): string {
  const eq = arg.indexOf('=');
  return eq < 0 ? arg : `${arg.slice(0, eq)}=…`;
}

/** `-sSL`: each letter a switch; the first letter that takes a value takes the rest of the word, or the next word. */
function readShortCluster(
  invocation: CurlInvocation,
  arg: string,
  valueAfter: (spelled: string) => string,
): 'next' | undefined {
  const letters = arg.slice(1);
  for (let j = 0; j < letters.length; j++) {
    const letter = letters[j] ?? '';
    const spelled = `-${letter}`;
    if (letter === ':') return 'next';
    const option = BY_SHORT.get(letter);
    if (!option) throw unknownOption(spelled);
    if (!option.takesValue) {
      option.apply(invocation, '', spelled);
      continue;
    }
    const rest = letters.slice(j + 1);
    option.apply(invocation, rest !== '' ? rest : valueAfter(spelled), spelled);
    return undefined;
  }
  return undefined;
}
