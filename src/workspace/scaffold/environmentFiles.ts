/** The `local` environment and its credentials, pointing at the demo API (`npm run demo`, port 4010). */

export const LOCAL_ENVIRONMENT_YAML = `# The \`local\` environment: the demo API that ships with runner, started with \`npm run demo\`
# (or \`node dist/demo.cjs\`) on port 4010.

# Relative request URLs are joined to this.
baseUrl: http://localhost:4010

# Other hosts, chosen per request with \`service: <name>\`. Here \`auth\` is the demo's /auth path.
services:
  auth:
    baseUrl: http://localhost:4010/auth

# HTTP options that differ from config.yaml for this environment only:
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

export const LOCAL_CREDENTIALS_YAML = `# Accounts for the \`local\` environment, read in scenarios as $accounts.<account>.<field>.
# runner treats every value here as a secret and masks it in console output, logs and reports.
# These are the demo API's public demo credentials. Keep real credentials out of git: add their
# files to .gitignore, or write them at CI time from your secret store.
admin:
  username: demo-admin
  password: demo-password
`;
