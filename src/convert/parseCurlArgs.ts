/**
 * The words of a curl command line to a CurlInvocation, the way curl reads its arguments: long options
 * (`--header v`), short ones alone (`-H v`), glued to their value (`-XPOST`) or clustered (`-sSL`,
 * `-sXPOST`), `--` ending the options, and every other word a URL.
 */
import { conversionError } from './conversionError.js';
import { emptyInvocation, type CurlInvocation } from './curlInvocation.js';
import { CURL_OPTIONS, refuseOption } from './curlOptions.js';

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
  else throw unknownOption(withoutValue(arg), abbreviated(name));
}

/**
 * curl 7.88 also takes an unambiguous start of a long option (`--sil` for `--silent`); later versions do
 * not. The full name is what this converter reads, so an abbreviation is refused with it.
 */
function abbreviated(name: string): string | undefined {
  if (name.includes('=')) return undefined;
  const matches = CURL_OPTIONS.filter((option) => option.long.startsWith(name));
  return matches.length === 1 ? matches[0]?.long : undefined;
}

/** curl options this converter does not list one by one, refused with the reason their family shares. */
const FAMILIES: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^--(proxy|socks5-|preproxy)/,
    why: 'a proxy is an environment setting in runner (`http.proxy`), not part of a request',
  },
  {
    pattern: /^--(doh-|dns-)/,
    why: 'runner resolves host names itself (`http.resolve` pins a host to an address)',
  },
  {
    pattern: /^--(tls|ssl-|ca-|crlfile|egd-file|random-file|engine|sigalgs|ech$|curves)/,
    why: 'TLS settings other than `http.insecure`, `http.caFile` and client certificates are not supported',
  },
];

/** `cluster`: the word of short options it came in (`-sPx`), named too. */
function unknownOption(spelled: string, fullName?: string, cluster?: string): Error {
  if (fullName !== undefined) {
    return conversionError(
      'unknown-option',
      `curl option \`${spelled}\` cannot be converted: it is short for \`--${fullName}\`, which curl 7.88 accepts and later versions do not`,
      { hint: `write it out: \`--${fullName}\`` },
    );
  }
  const family = FAMILIES.find(({ pattern }) => pattern.test(spelled));
  if (family !== undefined) return refuseOption(spelled, family.why);
  return conversionError(
    'unknown-option',
    `unknown curl option \`${spelled}\`${cluster === undefined ? '' : ` (in \`${cluster}\`)`}: this converter does not know what it changes in the request, so it cannot send the same`,
    {
      hint: 'remove it if the request does not need it; options runner knows are listed in docs/convert.md',
    },
  );
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
    if (!option) throw unknownOption(spelled, undefined, letters.length > 1 ? arg : undefined);
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
