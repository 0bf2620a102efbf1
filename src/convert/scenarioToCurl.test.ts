import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../language/index.js';
import { Masker, SecretRegistry } from '../masking/index.js';
import { scenarioToCurl, useTargets } from './scenarioToCurl.js';

function scenario(yaml: string, file = 'demo.yaml'): Scenario {
  const parsed = parseScenario(yaml, file, { environmentVariables: new Set(['tenant']) });
  if (!parsed.scenario) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.scenario;
}

const credentials = { admin: { user: 'ada', password: 'pw-s3cr3t' } };
const environment = {
  targets: {
    baseUrl: 'https://api.example.test/v1',
    services: { auth: { baseUrl: 'https://auth.example.test' } },
  },
  variables: { tenant: 'acme' },
  credentials,
};

function masker(): Masker {
  const secrets = new SecretRegistry();
  secrets.add(credentials);
  return new Masker({ enabled: true, fields: [] }, secrets);
}

const LOGIN = `
scenario: Login
setup:
  - set: { userId: "7" }
steps:
  - name: Log in
    request:
      method: POST
      service: auth
      url: /login
      headers: { X-Tenant: $tenant }
      query: { next: /home, ref: $$ref }
      body: { user: $accounts.admin.user, password: $accounts.admin.password, id: $userId }
`;

/** The `-H 'Accept:'` every step without an Accept header gets (tested on its own below). */
const withoutAcceptRemoval = (text: string) => text.replaceAll(" \\\n  -H 'Accept:'", '');

describe('scenarioToCurl', () => {
  it("takes curl's default Accept away from a step that sends none, so curl sends what the step sends", () => {
    const printed = scenarioToCurl(
      scenario('scenario: A\nsteps:\n  - request: { method: GET, url: https://a.test/ }\n'),
    );
    expect(printed).toContain("curl 'https://a.test/' \\\n  -H 'Accept:'");
  });

  it('resolves the URL, environment variables and credentials, and masks the credentials', () => {
    expect(withoutAcceptRemoval(scenarioToCurl(scenario(LOGIN), { ...environment, masker: masker() }))).toBe(
      [
        '# Scenario: Login (demo.yaml)',
        '',
        '# setup[0]: a `set` step, not an HTTP request: skipped',
        '',
        '# steps[0] Log in',
        "curl 'https://auth.example.test/login?next=%2Fhome&ref=%24ref' \\",
        "  -H 'X-Tenant: acme' \\",
        "  -H 'content-type: application/json' \\",
        `  --data-raw '{"user":"[MASKED]","password":"[MASKED]","id":"$userId"}'`,
        '',
      ].join('\n'),
    );
  });

  it('shows the credentials with --raw (no masker)', () => {
    expect(withoutAcceptRemoval(scenarioToCurl(scenario(LOGIN), environment))).toContain(
      '"user":"ada","password":"pw-s3cr3t"',
    );
  });

  it('masks sensitive headers even when their values are written in the scenario', () => {
    const text = withoutAcceptRemoval(
      scenarioToCurl(
        scenario(`
scenario: S
steps:
  - request: { method: GET, url: /me, headers: { Authorization: Bearer literal-token, Accept: text/plain } }
`),
        { ...environment, masker: masker() },
      ),
    );
    expect(text).toContain("-H 'Authorization: [MASKED]'");
    expect(text).not.toContain('literal-token');
    expect(text).toContain("curl 'https://api.example.test/v1/me'");
  });

  it('prints requests inside loops with a note, and skips other kinds of step', () => {
    const text = withoutAcceptRemoval(
      scenarioToCurl(
        scenario(`
scenario: Loops
setup:
  - set: { items: "[1]" }
steps:
  - for_each:
      from: $items
      steps:
        - request: { method: DELETE, url: "https://a.test/items/$item.id" }
  - repeat:
      attempts: 3
      until: $done
      steps:
        - request: { method: GET, url: https://a.test/status, timeout: 1500ms }
teardown:
  - request: { method: HEAD, url: "https://a.test/health" }
`),
      ),
    );
    expect(text).toContain('# setup[0]: a `set` step, not an HTTP request: skipped');
    expect(text).toContain(
      "# steps[0].for_each.steps[0] DELETE https://a.test/items/$item.id\n# inside for_each over $items: $item is filled in at run time\ncurl -X DELETE 'https://a.test/items/$item.id'",
    );
    expect(text).toContain(
      "# inside repeat (up to 3 passes)\ncurl 'https://a.test/status' \\\n  --max-time 1.5",
    );
    expect(text).toContain("# teardown[0] HEAD https://a.test/health\ncurl --head 'https://a.test/health'");
  });

  it('says when a relative URL cannot be resolved, and keeps its text', () => {
    const text = withoutAcceptRemoval(
      scenarioToCurl(scenario('scenario: R\nsteps:\n  - request: { method: GET, url: /users }\n')),
    );
    expect(text).toContain(
      '# relative URL: run with `--env <name>` in a workspace to resolve it against `baseUrl`',
    );
    expect(text).toContain("curl '/users'");
    const unknown = withoutAcceptRemoval(
      scenarioToCurl(
        scenario('scenario: R\nsteps:\n  - request: { method: GET, service: nope, url: /users }\n'),
        environment,
      ),
    );
    expect(unknown).toContain('# the environment has no service `nope`; the URL stays relative');
  });

  it('prints multipart uploads with their files under the assets folder', () => {
    const text = withoutAcceptRemoval(
      scenarioToCurl(
        scenario(`
scenario: Upload
steps:
  - request:
      method: PUT
      url: https://a.test/files
      multipart:
        fields: { title: Q3 }
        files:
          doc: reports/q3.pdf
          img: { path: a.png, filename: me.png, contentType: image/png }
`),
        { assetsPrefix: 'assets' },
      ),
    );
    expect(text).toContain(
      [
        "curl -X PUT 'https://a.test/files' \\",
        "  --form-string 'title=Q3' \\",
        `  -F 'doc=@"assets/reports/q3.pdf"' \\`,
        `  -F 'img=@"assets/a.png";filename="me.png";type=image/png'`,
      ].join('\n'),
    );
  });

  it('prints the steps of used scenarios, and refuses a cycle', () => {
    const parent = {
      ...scenario('scenario: P\nsteps:\n  - use: child.yaml\n  - use: missing.yaml\n'),
      path: '/w/parent.yaml',
    };
    const withPaths: Scenario = {
      ...parent,
      steps: parent.steps.map((step, i) =>
        step.kind === 'use' ? { ...step, usePath: i === 0 ? '/w/child.yaml' : '/w/missing.yaml' } : step,
      ),
    };
    const child = scenario(
      'scenario: C\nsteps:\n  - request: { method: GET, url: https://a.test/c }\n  - use: parent.yaml\n',
    );
    const childWithPath: Scenario = {
      ...child,
      steps: child.steps.map((step) => (step.kind === 'use' ? { ...step, usePath: '/w/parent.yaml' } : step)),
    };
    expect(useTargets(withPaths)).toEqual(['/w/child.yaml', '/w/missing.yaml']);
    const text = withoutAcceptRemoval(
      scenarioToCurl(withPaths, { usedScenarios: new Map([['/w/child.yaml', childWithPath]]) }),
    );
    expect(text).toContain(
      "# steps[0].use.steps[0] GET https://a.test/c\n# inside use child.yaml\ncurl 'https://a.test/c'",
    );
    expect(text).toContain('# steps[0].use.steps[1] use parent.yaml: `use parent.yaml` is a cycle: skipped');
    expect(text).toContain('# steps[1] use missing.yaml: `use missing.yaml` could not be read: skipped');
  });

  it("fills in a used scenario's `with` values, resolved where the `use` step stands", () => {
    const parent = scenario(
      'scenario: P\nsteps:\n  - set: { saved: "1" }\n  - use: child.yaml\n    with: { id: "42", who: $tenant, later: $saved }\n',
    );
    const withPath: Scenario = {
      ...parent,
      steps: parent.steps.map((step) => (step.kind === 'use' ? { ...step, usePath: '/w/child.yaml' } : step)),
    };
    const child = parseScenario(
      'scenario: C\nsteps:\n  - request: { method: GET, url: "https://a.test/u/$id?who=$who&x=$later" }\n',
      '_child.yaml',
      { environmentVariables: new Set(['id', 'who', 'later']) },
    ).scenario;
    if (!child) throw new Error('child did not parse');
    const text = scenarioToCurl(withPath, {
      variables: { tenant: 'acme' },
      usedScenarios: new Map([['/w/child.yaml', child]]),
    });
    expect(text).toContain("curl 'https://a.test/u/42?who=acme&x=$saved'");
  });

  it('shows unresolved variables of the query as `$name`, and passes `-g` for brackets and braces', () => {
    const text = scenarioToCurl(
      scenario(
        'scenario: Q\nsteps:\n  - set: { token: "1" }\n  - request: { method: GET, url: "https://a.test/a[1]/{x}", query: { t: $token, lit: $$5 } }\n',
      ),
    );
    expect(text).toContain("curl -g 'https://a.test/a[1]/%7Bx%7D?t=$token&lit=%245'");
  });
});
