/**
 * Secrets never reach the YAML (issue 6): credentials in headers (`Authorization`, `Cookie`, API keys),
 * in query parameters, and in body fields with a secret's name become `$accounts.api.<field>` variables,
 * and the printer says where to put their values. The values themselves are dropped here.
 */
import { hasShellVariable } from './shellVariables.js';
import { escapeTemplate } from './templateText.js';
import {
  findHeader,
  headerText,
  Template,
  type DraftAuth,
  type DraftRequest,
  type DraftText,
} from './draftRequest.js';
import { SecretFields, type SecretSlot, type SensitiveName } from './secretNames.js';
import { jsonTextSecrets, urlQuerySecrets } from './textSecrets.js';
import { decodeFormComponent } from './urlParts.js';

export function replaceSecrets(
  request: DraftRequest,
  isSensitive: SensitiveName,
  /** Shared by the requests of one conversion, so two steps never name different secrets alike. */
  fields = new SecretFields(),
): { request: DraftRequest; slots: SecretSlot[] } {
  const headers = request.headers.map(([name, value]): [string, DraftText] => [
    name,
    isLiteralSecret(name, value, isSensitive) ? headerSecret(name, value, fields) : value,
  ]);
  const query = request.query.map(([name, value]): [string, DraftText] => [
    name,
    isLiteralSecret(name, value, isSensitive)
      ? new Template(fields.reference(name, value, `the \`${name}\` query parameter`))
      : value,
  ]);
  const out: DraftRequest = { ...request, headers, query };
  // Parameters `query` cannot hold (a repeated name) stay in the URL, and so would their values.
  const url = urlQuerySecrets(request.url, isSensitive, fields);
  if (url !== undefined) out.urlTemplate = new Template(url);
  if (request.body?.kind === 'json') {
    out.body = { kind: 'json', value: jsonSecrets(request.body.value, isSensitive, fields) };
  } else if (request.body?.kind === 'text' && typeof request.body.value === 'string') {
    const text = request.body.value;
    const form = isFormBody(headers)
      ? formSecrets(text, isSensitive, fields)
      : wrap(jsonTextSecrets(text, isSensitive, fields));
    if (form) out.body = { kind: 'text', value: form };
  }
  if (request.body?.kind === 'form') {
    out.body = {
      kind: 'form',
      value: request.body.value.map(([name, value]): [string, DraftText] => [
        name,
        isLiteralSecret(name, value, isSensitive)
          ? new Template(fields.reference(name, value, `the \`${name}\` form field`))
          : value,
      ]),
    };
  }
  if (request.multipart) {
    out.multipart = {
      ...request.multipart,
      fields: request.multipart.fields.map(([name, value]): [string, DraftText] => [
        name,
        isLiteralSecret(name, value, isSensitive)
          ? new Template(fields.reference(name, value, `the \`${name}\` form field`))
          : value,
      ]),
    };
  }
  // Credentials travel in `Authorization` in curl's request: they are secrets when that header is.
  if (request.auth && isSensitive('authorization')) out.auth = authSecrets(request.auth, fields);
  return { request: out, slots: fields.slots };
}

/** `auth:` credentials go to the credentials file; a user name and an AWS region or service stay. */
function authSecrets(auth: DraftAuth, fields: SecretFields): DraftAuth {
  const secret = (value: DraftText, preferred: string, what: string): DraftText =>
    typeof value === 'string' && value !== '' && !hasShellVariable(value)
      ? new Template(fields.reference(preferred, value, what))
      : value;
  switch (auth.scheme) {
    case 'basic':
    case 'digest':
      return { ...auth, password: secret(auth.password, 'password', `the password of \`--user\``) };
    case 'bearer':
      return { ...auth, token: secret(auth.token, 'token', 'the token of `--oauth2-bearer`') };
    case 'oauth2':
      return auth;
    case 'awsSigV4':
      return {
        ...auth,
        accessKeyId: secret(auth.accessKeyId, 'aws access key id', 'the AWS access key id (`--user`)'),
        secretAccessKey: secret(
          auth.secretAccessKey,
          'aws secret access key',
          'the AWS secret access key (`--user`)',
        ),
      };
  }
}

/** A value that is a shell variable's reference (`Bearer $TOKEN`) holds no secret to move. */
function isLiteralSecret(name: string, value: DraftText, isSensitive: SensitiveName): value is string {
  return typeof value === 'string' && value !== '' && isSensitive(name) && !hasShellVariable(value);
}

function wrap(text: string | undefined): Template | undefined {
  return text === undefined ? undefined : new Template(text);
}

/** The scheme of an Authorization header stays readable: `Bearer $accounts.api.token`. */
function headerSecret(name: string, value: string, fields: SecretFields): Template {
  const lower = name.toLowerCase();
  const scheme = /^(\w+)\s+(\S.*)$/.exec(value);
  if ((lower === 'authorization' || lower === 'proxy-authorization') && scheme) {
    const [, kind = '', credential = ''] = scheme;
    const kindLower = kind.toLowerCase();
    const preferred = kindLower === 'bearer' ? 'token' : kindLower === 'basic' ? 'basic' : name;
    const what =
      kindLower === 'basic'
        ? basicDescription(credential)
        : `the ${kindLower === 'bearer' ? 'Bearer token' : `${kind} credential`} of the ${name} header`;
    return new Template(`${escapeTemplate(kind)} ${fields.reference(preferred, credential, what)}`);
  }
  return new Template(fields.reference(name, value, `the value of the ${name} header`));
}

/** Basic credentials are base64 of `user:password`; the user name is no secret and helps to fill it in. */
function basicDescription(credential: string): string {
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon > 0 ? decoded.slice(0, colon) : '';
  const valid = Buffer.from(decoded, 'utf8').toString('base64') === credential && /^[\x20-\x7e]*$/.test(user);
  return valid && user !== ''
    ? `base64 of \`${user}:<password>\` (printf '%s' '${user}:<password>' | base64)`
    : 'base64 of `<user>:<password>`';
}

function jsonSecrets(value: unknown, isSensitive: SensitiveName, fields: SecretFields): unknown {
  if (Array.isArray(value)) return value.map((item) => jsonSecrets(item, isSensitive, fields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const secret =
        (typeof item === 'string' || typeof item === 'number') && isSensitive(key) && item !== '';
      return [
        key,
        secret
          ? new Template(fields.reference(key, String(item), `the \`${key}\` field of the body`))
          : jsonSecrets(item, isSensitive, fields),
      ];
    }),
  );
}

function isFormBody(headers: readonly [string, DraftText][]): boolean {
  if (findHeader(headers, 'content-type') < 0) return false;
  const type = headerText(headers, 'content-type') ?? '';
  return /^\s*application\/x-www-form-urlencoded/i.test(type);
}

/** `user=alice&password=...`: the value of a secret field is replaced; undefined when nothing is. */
function formSecrets(text: string, isSensitive: SensitiveName, fields: SecretFields): Template | undefined {
  let replaced = false;
  const pieces = text.split('&').map((piece) => {
    const eq = piece.indexOf('=');
    const name = eq > 0 ? (decodeFormComponent(piece.slice(0, eq)) ?? piece.slice(0, eq)) : undefined;
    // The value as written: it is stored URL-encoded, and one that does not decode is still a secret.
    const value = piece.slice(eq + 1);
    if (name === undefined || value === '' || !isSensitive(name)) {
      return escapeTemplate(piece);
    }
    replaced = true;
    const reference = fields.reference(name, value, `the \`${name}\` form field, URL-encoded`);
    return `${escapeTemplate(piece.slice(0, eq))}=${reference}`;
  });
  return replaced ? new Template(pieces.join('&')) : undefined;
}
