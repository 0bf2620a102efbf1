/**
 * `WWW-Authenticate` read as RFC 9110 section 11.6.1 writes it: one or more challenges, each a scheme and
 * comma-separated `name=value` parameters (quoted strings may hold commas and escaped quotes). Several
 * header lines arrive joined with `, `, which the same grammar reads.
 */
export interface Challenge {
  /** Lower case: `digest`, `bearer`. */
  scheme: string;
  /** Parameter names in lower case. */
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

export function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = header;
  let current: Challenge | undefined;
  const skip = (pattern: RegExp) => {
    rest = rest.replace(pattern, '');
  };
  while (rest.length > 0) {
    skip(/^[\s,]+/);
    const token = TOKEN.exec(rest)?.[0];
    if (token === undefined) {
      // Not the grammar: drop one character and carry on, so a stray byte cannot stop the reading.
      rest = rest.slice(1);
      continue;
    }
    const afterToken = rest.slice(token.length);
    const assignment = /^\s*=\s*/.exec(afterToken);
    // `name=` is a parameter of the current challenge; any other token starts a new challenge. (A token68
    // such as `Basic abc==` reads as a parameter of its scheme: Digest and OAuth never send one.)
    if (assignment !== null && current !== undefined) {
      rest = afterToken.slice(assignment[0].length);
      current.params[token.toLowerCase()] = readValue();
      continue;
    }
    current = { scheme: token.toLowerCase(), params: {} };
    challenges.push(current);
    rest = afterToken;
  }
  return challenges;

  function readValue(): string {
    if (rest.startsWith('"')) {
      let value = '';
      let index = 1;
      for (; index < rest.length; index++) {
        const char = rest[index];
        if (char === '\\' && index + 1 < rest.length) value += rest[++index];
        else if (char === '"') break;
        else value += char;
      }
      rest = rest.slice(index + 1);
      return value;
    }
    const value = /^[^,\s]*/.exec(rest)?.[0] ?? '';
    rest = rest.slice(value.length);
    return value;
  }
}
