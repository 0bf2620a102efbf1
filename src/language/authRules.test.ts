import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import type { ScenarioContext } from './context.js';
import { parseScenario } from './parseScenario.js';

const lines = (...text: string[]): string => text.join('\n') + '\n';

function problems(text: string, context: ScenarioContext = {}): string[] {
  return parseScenario(text, 's.yaml', context).diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`);
}

const withAuth = (...auth: string[]): string =>
  lines('scenario: test', 'steps:', '  - request: { method: GET, url: /a }', '    auth:', ...auth);

describe('auth: the language (DECISIONS, Wave 3 "Auth")', () => {
  it('builds every scheme into the request with its position', () => {
    const parsed = parseScenario(
      withAuth(
        '      oauth2:',
        '        grant: password',
        '        tokenUrl: https://id.example/token',
        '        clientId: app',
        '        username: $accounts.api.user',
        '        password: $accounts.api.password',
      ),
      's.yaml',
    );
    expect(parsed.diagnostics).toEqual([]);
    const step = parsed.scenario?.steps[0];
    expect(step?.kind === 'request' ? step.request.auth : undefined).toEqual({
      scheme: 'oauth2',
      grant: 'password',
      tokenUrl: 'https://id.example/token',
      clientId: 'app',
      username: '$accounts.api.user',
      password: '$accounts.api.password',
      clientAuth: 'basic',
      loc: { file: 's.yaml', line: 4, col: 5 },
    });
    const none = parseScenario(withAuth('      none').replace('auth:\n      none', 'auth: none'), 's.yaml');
    const first = none.scenario?.steps[0];
    expect(first?.kind === 'request' ? first.request.auth?.scheme : undefined).toBe('none');
  });

  it('names an unknown scheme with a hint, and refuses NTLM, Negotiate, Kerberos and Hawk by name', () => {
    expect(problems(withAuth('      {}'))).toEqual([
      'auth.no-scheme s.yaml:5:7: `auth` needs one scheme: `basic`, `bearer`, `digest`, `awsSigV4`, `oauth2`, or `auth: none`',
    ]);
    expect(problems(withAuth('      bearr: $accounts.api.token'))).toEqual([
      'shape.unknown-key s.yaml:5:7: unknown key `bearr` in `auth` (did you mean `bearer`?)',
    ]);
    expect(problems(withAuth('      ntlm: { username: a, password: $accounts.a.b }'))).toEqual([
      'shape.refused-key s.yaml:5:7: NTLM authentication is not supported: runner speaks basic, bearer, digest, awsSigV4 and oauth2',
    ]);
    for (const name of ['negotiate', 'kerberos', 'hawk']) {
      expect(problems(withAuth(`      ${name}: {}`))[0]).toMatch(
        /^shape\.refused-key s\.yaml:5:7: \S.* is not supported/,
      );
    }
  });

  it('one scheme per auth, and the fields each scheme and grant needs', () => {
    expect(problems(withAuth('      bearer: $t', '      basic: { username: u, password: $p }'))).toEqual([
      'auth.several-schemes s.yaml:6:7: `auth` has one scheme, but this one has both `bearer` and `basic`',
    ]);
    expect(problems(withAuth('      digest: { username: u }'))).toEqual([
      'shape.required s.yaml:5:15: missing required key `password` in `auth.digest`',
    ]);
    expect(
      problems(withAuth('      oauth2: { grant: refresh_token, tokenUrl: "https://x/t", clientId: c }')),
    ).toEqual([
      'auth.oauth2-field s.yaml:5:15: missing `refreshToken` in `auth.oauth2`: the `refresh_token` grant sends it',
    ]);
    expect(
      problems(withAuth('      oauth2: { grant: implicit, tokenUrl: "https://x/t", clientId: c }'))[0],
    ).toBe(
      'shape.enum s.yaml:5:24: `grant` must be one of `client_credentials`, `password`, `refresh_token`, got "implicit"',
    );
  });

  it('a written-out secret is a warning; `$accounts` references must name a known account and field', () => {
    expect(problems(withAuth('      bearer: abc123'))).toEqual([
      'auth.literal-secret s.yaml:5:15: warning: `bearer` is written out in this file; it is masked in every output, but stays in the repository (keep it in the credentials file and write `bearer: $accounts.<account>.<field>`)',
    ]);
    const accounts = new Map([['api', ['token', 'password']]]);
    expect(problems(withAuth('      bearer: $accounts.apii.token'), { accounts })).toEqual([
      'auth.unknown-account s.yaml:5:15: unknown account `apii`: not in the credentials file (did you mean `api`?)',
    ]);
    expect(problems(withAuth('      bearer: $accounts.api.tokn'), { accounts })).toEqual([
      'auth.unknown-field s.yaml:5:15: account `api` has no field `tokn` in the credentials file (did you mean `token`?)',
    ]);
    expect(problems(withAuth('      bearer: $accounts.api'), { accounts })).toEqual([
      'auth.accounts-reference s.yaml:5:15: `$accounts.api` must name an account and a field: `$accounts.<account>.<field>`',
    ]);
    expect(problems(withAuth('      bearer: $accounts.api.token'), { accounts })).toEqual([]);
  });

  it('only request steps take auth', () => {
    expect(problems(lines('scenario: t', 'steps:', '  - set: { a: "1" }', '    auth: none'))).toEqual([
      'step.not-allowed s.yaml:4:5: `auth` only applies to `request` steps',
    ]);
  });
});
