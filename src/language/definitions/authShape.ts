/**
 * `auth:` (DECISIONS, Wave 3 "Auth"), shared by steps and environment files: `none`, or a map with one
 * scheme. Credentials are `secret` values: written out they are a warning, `$accounts` references are checked.
 */
import type { Diagnostic } from '../../diagnostics/errors.js';
import {
  AUTH_SCHEMES,
  OAUTH2_GRANTS,
  REFUSED_AUTH_SCHEMES,
  refusedAuthMessage,
  type OAuth2Grant,
} from '../authSpec.js';
import { object, prop, required, string, union, type Shape } from '../shape.js';
import { entryOf, type YamlMap } from '../yamlTree.js';
import { template } from './common.js';

const secret = (): Shape => string({ acceptScalars: true, role: 'secret' });

const userAndPassword = (name: string) =>
  object(
    {
      username: required(template(), 'User name; usually `$accounts.<account>.<field>`.'),
      password: required(secret(), 'Password; usually `$accounts.<account>.<field>` (always masked).'),
    },
    { name },
  );

const awsSigV4 = object(
  {
    accessKeyId: required(secret(), 'AWS access key id, usually `$accounts.<account>.<field>`.'),
    secretAccessKey: required(secret(), 'AWS secret access key, usually `$accounts.<account>.<field>`.'),
    sessionToken: prop(secret(), 'Session token of temporary credentials (sent as `X-Amz-Security-Token`).'),
    region: required(template(), 'Region the request is signed for, such as `eu-west-1`.'),
    service: required(template(), 'Service name the request is signed for, such as `s3` or `execute-api`.'),
  },
  { name: '`auth.awsSigV4`' },
);

/** What each grant sends besides the client, and so needs (RFC 6749 sections 4.3, 4.4 and 6). */
const GRANT_NEEDS: Record<OAuth2Grant, readonly string[]> = {
  client_credentials: ['clientSecret'],
  password: ['username', 'password'],
  refresh_token: ['refreshToken'],
};

function checkOAuth2(node: YamlMap): Diagnostic[] {
  const grant = entryOf(node, 'grant')?.value;
  if (grant?.kind !== 'scalar' || !(OAUTH2_GRANTS as readonly unknown[]).includes(grant.value)) return [];
  const name = grant.value as OAuth2Grant;
  return GRANT_NEEDS[name]
    .filter((key) => entryOf(node, key) === undefined)
    .map((key) => ({
      code: 'auth.oauth2-field',
      severity: 'error' as const,
      message: `missing \`${key}\` in \`auth.oauth2\`: the \`${name}\` grant sends it`,
      location: node.loc,
    }));
}

const oauth2 = object(
  {
    grant: required(
      string({ enum: OAUTH2_GRANTS }),
      'How the token is obtained: `client_credentials`, `password` or `refresh_token`.',
    ),
    tokenUrl: required(template(), 'Token endpoint URL; requests to it pass the sandbox like any other.'),
    clientId: required(template(), 'Client id.'),
    clientSecret: prop(secret(), 'Client secret (required by `client_credentials`); always masked.'),
    scope: prop(template(), 'Space-separated scopes asked for.'),
    audience: prop(template(), 'Audience asked for (sent as `audience`, as Auth0 and others expect).'),
    username: prop(template(), 'Resource owner name (`password` grant).'),
    password: prop(secret(), 'Resource owner password (`password` grant); always masked.'),
    refreshToken: prop(secret(), 'Refresh token (`refresh_token` grant); always masked.'),
    clientAuth: prop(
      string({ enum: ['basic', 'body'] }),
      '`basic` (default): client id and secret in an `Authorization: Basic` header; `body`: in the form.',
    ),
  },
  { name: '`auth.oauth2`', rules: checkOAuth2 },
);

/** Exactly one scheme per `auth` map; the shape's `exactlyOneOf` gives editors the same rule. */
function checkOneScheme(node: YamlMap): Diagnostic[] {
  const schemes = node.entries.filter((entry) =>
    (AUTH_SCHEMES as readonly string[]).includes(entry.key.value),
  );
  const [first, second] = schemes;
  if (first === undefined) {
    // An unknown or refused key has been named already, with its own message.
    if (node.entries.length > 0) return [];
    return [
      {
        code: 'auth.no-scheme',
        severity: 'error',
        message: `\`auth\` needs one scheme: ${AUTH_SCHEMES.map((name) => `\`${name}\``).join(', ')}, or \`auth: none\``,
        location: node.loc,
      },
    ];
  }
  if (second === undefined) return [];
  return [
    {
      code: 'auth.several-schemes',
      severity: 'error',
      message: `\`auth\` has one scheme, but this one has both \`${first.key.value}\` and \`${second.key.value}\``,
      location: second.key.loc,
    },
  ];
}

const schemes = object(
  {
    basic: prop(userAndPassword('`auth.basic`'), 'HTTP Basic: `{ username, password }`.'),
    bearer: prop(secret(), 'A bearer token sent as `Authorization: Bearer <token>`; always masked.'),
    digest: prop(
      userAndPassword('`auth.digest`'),
      'HTTP Digest (RFC 7616: MD5, SHA-256, `qop=auth`): `{ username, password }`; the challenge costs one request.',
    ),
    awsSigV4: prop(awsSigV4, 'AWS Signature Version 4 over the request as sent, body hash included.'),
    oauth2: prop(
      oauth2,
      'OAuth 2.0: a token from `tokenUrl`, fetched once per run and account, reused until it expires.',
    ),
  },
  {
    name: '`auth`',
    exactlyOneOf: AUTH_SCHEMES,
    refused: Object.fromEntries(
      Object.entries(REFUSED_AUTH_SCHEMES).map(([key, name]) => [key, refusedAuthMessage(name)]),
    ),
    rules: checkOneScheme,
  },
);

export const AUTH_SHAPE = union(
  '`none` or a map with one scheme (`basic`, `bearer`, `digest`, `awsSigV4`, `oauth2`)',
  string({ enum: ['none'] }),
  schemes,
);

export const AUTH_DESCRIPTION =
  'How requests authenticate: `none`, or one of `basic`, `bearer`, `digest`, `awsSigV4`, `oauth2`; values usually `$accounts.<account>.<field>`.';
