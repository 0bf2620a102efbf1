/**
 * The `local` environment and its credentials: for your own API (`runner init`, `--base-url`) or for the
 * demo API that ships with runner (`runner init --demo`, started with `runner demo`).
 */

/** Where `runner init` points the `local` environment when `--base-url` is not given. */
export const DEFAULT_BASE_URL = 'http://localhost:8080';
/** Where `runner demo` listens when the port is free, and where `runner init --demo` points. */
export const DEMO_BASE_URL = 'http://localhost:4010';

/** The URL as a YAML scalar: plain when it is plain text, quoted when YAML would read it otherwise. */
function yamlScalar(text: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s#'"]*$/.test(text) ? text : JSON.stringify(text);
}

const OPTIONAL_KEYS = `# HTTP options that differ from config.yaml for this environment only:
# http:
#   timeout: 10s
#   insecure: true

# Values every scenario can read as $name:
# variables:
#   apiVersion: v1

# Read-only Redis connections for \`cache\` steps, named by their \`connection\` (password from credentials):
# cache:
#   sessions:
#     url: redis://:$accounts.redis.password@localhost:6379/0
`;

export function localEnvironmentYaml(baseUrl: string): string {
  return `# The \`local\` environment: your API as it runs on this machine. \`runner run\` uses it unless --env
# names another (.runner/environments/<name>.yaml, with its accounts in .runner/credentials/<name>.yaml).

# Relative request URLs are joined to this.
baseUrl: ${yamlScalar(baseUrl)}

# Other hosts, chosen per request with \`service: <name>\`:
# services:
#   auth:
#     baseUrl: http://localhost:9000

${OPTIONAL_KEYS}`;
}

export function demoEnvironmentYaml(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `# The \`local\` environment: the demo API that ships with runner, started with \`npx runner demo\`
# (port 4010, or the one it names when 4010 is taken).

# Relative request URLs are joined to this.
baseUrl: ${yamlScalar(base)}

# Other hosts, chosen per request with \`service: <name>\`. Here \`auth\` is the demo's /auth path.
services:
  auth:
    baseUrl: ${yamlScalar(`${base}/auth`)}

${OPTIONAL_KEYS}`;
}

/** Credentials for your own API: none yet, and where they go. */
export const LOCAL_CREDENTIALS_YAML = `# Accounts for the \`local\` environment, read in scenarios as $accounts.<account>.<field>.
# runner treats every value here as a secret and masks it in console output, logs and reports.
# .runner/.gitignore keeps this directory out of git, except credentials/ci.yaml: CI reads its
# accounts from its own secrets there, with $env.NAME values (docs/configuration.md, Credentials).
#
# admin:
#   username: admin@example.com
#   password: change-me
`;

export const DEMO_CREDENTIALS_YAML = `# Accounts for the \`local\` environment, read in scenarios as $accounts.<account>.<field>.
# runner treats every value here as a secret and masks it in console output, logs and reports.
# These are the demo API's public demo credentials. .runner/.gitignore keeps this directory out of
# git, except credentials/ci.yaml, which holds only $env.NAME values (docs/configuration.md).
admin:
  username: demo-admin
  password: demo-password
`;
