/**
 * `.runner/config.yaml` as `runner init` writes it: every key of SPEC's configuration table and DECISIONS'
 * `http:` options, set to the defaults, each with a comment saying what it does.
 */
export const CONFIG_YAML = `# runner configuration. Every key is optional: the values below are the defaults, written out so you
# can see and change them. Paths are relative to the project root (the directory that holds .runner/).

# Version of this configuration format.
runner_version: 1.0.0

project:
  name: runner-examples
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
  # Reports to write when \`runner run\` has no --report: html, json, junit, or a list such as html,json.
  # Left out, reports are written only when --report asks for them.
  # format: html,json
  # Keep the timestamped directories of past runs, and how many of them.
  archive: false
  retention: 10
  # Mask credentials and other sensitive values in the HTML report.
  maskSensitive: true
  failures:
    # Write a JSON snapshot (request, response, variables) for every failed step.
    enabled: true
    path: .runner/reports/failures
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

# Where to find a JWT in responses to decode automatically, readable as jwt.<claim>.
jwt_token_path: body.token

# HTTP client settings for every environment; an environment file may override them under \`http:\`.
http:
  # Use HTTP/2 when an HTTPS server offers it.
  http2: true
  # Accept self-signed or otherwise untrusted TLS certificates. Prefer caFile where you can.
  insecure: false
  # Extra certificate authority (PEM file) to trust, such as a company CA.
  # caFile: certs/company-ca.pem
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
