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

/** `args` are the words after `curl`. */
export function parseCurlArgs(args: readonly string[]): CurlInvocation {
  const invocation = emptyInvocation();
  let optionsEnded = false;
  let lastWasUnknown = false;
  /** URLs that came right after an unknown option: perhaps that option's value. */
  const suspects = new Set<number>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const unknownBefore = invocation.unknown.length;
    const valueAfter = (spelled: string): string => {
      const value = args[i + 1];
      if (value === undefined) {
        throw conversionError('missing-value', `the curl option \`${spelled}\` needs a value`);
      }
      i += 1;
      return value;
    };
    if (optionsEnded || !arg.startsWith('-') || arg === '-') {
      if (!optionsEnded && lastWasUnknown) suspects.add(invocation.urls.length);
      invocation.urls.push(arg);
    } else if (arg === '--') {
      optionsEnded = true;
    } else if (arg === '--next' || arg === '-:') {
      invocation.hasNextRequest = true;
      break;
    } else if (arg.startsWith('--')) {
      readLong(invocation, arg, valueAfter);
    } else {
      readShortCluster(invocation, arg, valueAfter);
    }
    lastWasUnknown = invocation.unknown.length > unknownBefore;
  }
  // `--some-new-option value https://...`: with another URL given, the word after it was its value.
  if (suspects.size > 0 && invocation.urls.length > suspects.size) {
    invocation.urls = invocation.urls.filter((_url, i) => !suspects.has(i));
  }
  return invocation;
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
  else invocation.unknown.push(withoutValue(arg));
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
): void {
  const letters = arg.slice(1);
  for (let j = 0; j < letters.length; j++) {
    const letter = letters[j] ?? '';
    const spelled = `-${letter}`;
    if (letter === ':') {
      invocation.hasNextRequest = true;
      return;
    }
    const option = BY_SHORT.get(letter);
    if (!option) {
      invocation.unknown.push(spelled);
      continue;
    }
    if (!option.takesValue) {
      option.apply(invocation, '', spelled);
      continue;
    }
    const rest = letters.slice(j + 1);
    option.apply(invocation, rest !== '' ? rest : valueAfter(spelled), spelled);
    return;
  }
}
