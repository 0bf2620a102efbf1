/** The project name as a YAML scalar: plain when YAML reads it as that text, quoted otherwise. */
function nameScalar(name: string): string {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name) &&
    !/^(true|false|null|yes|no|on|off|[0-9.]+)$/i.test(name)
    ? name
    : JSON.stringify(name);
}

/**
 * `.runner/config.yaml` as `runner init` writes it: every key of the config shape (CONFIG_SHAPE), set to
 * its default or, where the default is "not set", shown commented out; each with a comment saying what it
 * does (scaffoldFiles.test.ts holds the file to the shape).
 */
export function configYaml(projectName: string): string {
  return `# runner configuration. Every key is optional: the values below are the defaults, written out so you
# can see and change them. Paths are relative to the project root (the directory that holds .runner/).

# Version of this configuration format.
runner_version: 1.0.0

project:
  # What the tests are about, for your own reference; \`runner init\` names it after the directory.
  name: ${nameScalar(projectName)}
  version: 1.0.0

environments:
  # Environment used when \`runner run\` has no --env. Its file is <path>/<name>.yaml, and its
  # credentials are .runner/credentials/<name>.yaml.
  default: local
  path: .runner/environments

tests:
  # Scenario files (*.yaml) that \`runner run\` and \`runner validate\` find when given no path.
  path: .runner/tests

schemas:
  # Response-body schemas (JSON Schema written as YAML), named by their path without extension,
  # such as \`user\` or \`auth/token\`.
  path: .runner/schemas

assets:
  # Files for multipart uploads. Upload paths resolve inside this directory and may not leave it.
  path: assets

export:
  # Base directory for relative \`file\` paths of \`export\` steps.
  path: .

reports:
  # Where reports go: one timestamped directory per run, mirrored to latest/. (\`directory\` is accepted
  # as another name for this key.)
  path: .runner/reports
  # Reports to write when \`runner run\` has no --report: html, json, junit, ctrf, github, or a list
  # such as html,json. Left out, reports are written only when --report asks for them (and github is
  # added on its own in GitHub Actions).
  # format: html,json
  # Keep the timestamped directories of past runs, and how many of them.
  archive: false
  retention: 10
  # Accepted, and changes nothing: the HTML report is always masked (report.json is raw only with
  # --report-raw).
  maskSensitive: true
  failures:
    # Write a JSON snapshot (request, response, variables) for every failed step.
    enabled: true
    path: .runner/reports/failures
    # Mask credentials and sensitive fields in snapshots; false writes them as they were sent.
    maskSensitive: true
    # Number of snapshots kept; the oldest are removed first.
    retainCount: 50

security:
  mask:
    # Credentials and the built-in fields (password, token, secret, apiKey, authorization, ...) are
    # always replaced with [MASKED]; this switch turns the extra \`fields\` below on or off.
    enabled: true
    # Extra JSON paths or header names to mask (case-insensitive), such as [ssn, x-internal-key].
    fields: []
  sandboxing:
    # Check every request's destination before sending it.
    enabled: false
    # Hosts requests may go to; \`*.example.com\` matches sub-domains. Empty allows every host not blocked.
    allowedDomains: []
    # Hosts requests may never go to; wins over allowedDomains.
    blockedDomains: []
    # Reject hosts that resolve to loopback or private addresses (this would block the local demo API).
    blockPrivateSubnets: false

# Where to look first for the JWT whose claims \`jwt.<claim>\` reads. Left out, runner looks at the
# body's token, accessToken and access_token fields; set it when your API puts the token elsewhere.
# jwt_token_path: body.data.jwt

# An OpenAPI 3.0 or 3.1 document (YAML or JSON) every response is checked against; also what
# \`runner run --coverage\` counts against.
# openapi: api/openapi.yaml

# HTTP client settings for every environment; an environment file may override them under \`http:\`.
http:
  # Use HTTP/2 when an HTTPS server offers it.
  http2: true
  # Accept self-signed or otherwise untrusted TLS certificates. Prefer caFile where you can.
  insecure: false
  # Extra certificate authority (PEM file) to trust, such as a company CA.
  # caFile: certs/company-ca.pem
  # Client certificate and key (PEM) for mutual TLS, and the key's passphrase (from credentials).
  # clientCert: certs/client.pem
  # clientKey: certs/client-key.pem
  # clientKeyPassphrase: $accounts.tls.passphrase
  # Connect to host:port at this address instead of asking DNS, like curl --resolve.
  # resolve:
  #   "api.example.com:443": 127.0.0.1
  # HTTP proxy for every request; false ignores HTTP_PROXY and HTTPS_PROXY. Left out, those are used.
  # proxy: http://proxy.example.com:3128
  # Ask for gzip, deflate and br, and decode compressed bodies.
  compressed: true
  # Keep cookies in a jar per scenario execution and send them back.
  cookies: true
  # Largest response body kept, in bytes (10 MiB); a larger body fails the step.
  maxResponseBytes: 10485760
  # Default request timeout; a step can set its own with \`request.timeout\`.
  timeout: 30s
  # Redirects followed before a step fails; 0 turns following off (a 3xx is then the step's response).
  maxRedirects: 10

# Defaults for \`runner run\`; its flags win.
run:
  # Scenario executions run at once (\`--jobs\`); files with \`parallel: false\` still run alone.
  jobs: 1
`;
}
