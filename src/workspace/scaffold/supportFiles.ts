/** The rest of the `init` layout: the demo's response schemas, the assets note and the ignore file. */

export const USER_SCHEMA_YAML = `# JSON Schema, written as YAML, for one user of the demo API. Scenarios validate a whole
# response body against it with \`expect: { schema: user }\`.
title: User
type: object
required: [id, name, email, role, createdAt, updatedAt]
properties:
  id:
    type: integer
    minimum: 1
  name:
    type: string
    minLength: 1
  email:
    type: string
    format: email
  role:
    enum: [admin, user, viewer]
  createdAt:
    type: string
    format: date-time
  updatedAt:
    type: string
    format: date-time
additionalProperties: false
`;

export const TOKEN_SCHEMA_YAML = `# The demo API's login response. Schemas can live in sub-directories: this one is named \`auth/token\`.
title: Login response
type: object
required: [token, tokenType, expiresIn]
properties:
  token:
    description: A JWT (header.payload.signature, base64url).
    type: string
    pattern: '^[A-Za-z0-9_-]+[.][A-Za-z0-9_-]+[.][A-Za-z0-9_-]+$'
  tokenType:
    const: Bearer
  expiresIn:
    description: Seconds until the token expires.
    type: integer
    minimum: 1
`;

export const ASSETS_README = `# assets/

Files that scenarios upload with \`multipart\` requests live here, for example:

\`\`\`yaml
request:
  method: POST
  url: /documents
  multipart:
    fields:
      title: Quarterly report
    files:
      document: reports/q3.pdf
      avatar: { path: img/a.png, filename: me.png, contentType: image/png }
\`\`\`

File paths are relative to this directory, and may not leave it (no \`..\`, no absolute paths, no
symbolic links pointing outside). Change the directory with \`assets.path\` in \`.runner/config.yaml\`.
`;

/**
 * Reports are regenerated on every run, and credentials hold secrets: neither belongs in version control.
 * `credentials/ci.yaml` is the exception, the documented place for CI's accounts, holding only `$env.NAME`
 * references. (`credentials/*`, not `credentials/`: git cannot re-include a file of an ignored directory.)
 */
export const RUNNER_GITIGNORE = `# Written by every run.
reports/
# Accounts and keys are secrets. ci.yaml stays: it holds only $env.NAME references that CI fills in
# from its own secrets (docs/configuration.md, Credentials).
credentials/*
!credentials/ci.yaml
!credentials/ci.yml
`;
