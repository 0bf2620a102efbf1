// What the importer writes for one request, where the comparison with Newman (test/e2e/postmanWire.test.ts)
// showed runner sending something else.
import { describe, expect, it } from 'vitest';
import { Template, type DraftAuth, type DraftText } from '../draftRequest.js';
import { importRequest, type RequestContext } from './postmanRequest.js';
import type { PostmanRequest } from './postmanTypes.js';

function context(saved: string[] = [], values: Record<string, string> = {}): RequestContext {
  return {
    values: new Map(Object.entries(values)),
    credentials: new Map(),
    secrets: new Map(),
    variables: new Set(),
    saved: new Set(saved),
  };
}

const text = (value: DraftText | undefined) => (value instanceof Template ? value.text : value);

describe('importRequest: the URL', () => {
  it('is read from the parts, as Newman sends it: enabled query entries, path variables with a value', () => {
    const { request } = importRequest(
      {
        method: 'GET',
        url: {
          raw: '{{baseUrl}}/grants/:id',
          host: ['{{baseUrl}}'],
          path: ['grants', ':id', ':other'],
          query: [
            { key: 'since', value: '2013-10-20T19:20:30+01:00' },
            { key: 'off', value: 'x', disabled: true },
            { key: 'flag', value: null },
          ],
          variable: [
            { key: 'id', value: '42' },
            { key: 'other', value: '' },
          ],
        },
      } as PostmanRequest,
      context(),
    );
    expect(request.urlTemplate?.text).toBe(
      '${baseUrl}/grants/42/:other?since=2013-10-20T19:20:30+01:00&flag',
    );
  });

  it('keeps raw when there are no parts', () => {
    const { request } = importRequest(
      { method: 'GET', url: { raw: 'http://api.test/a?b=1' } } as PostmanRequest,
      context(),
    );
    expect(request.urlTemplate?.text).toBe('http://api.test/a?b=1');
  });
});

describe('importRequest: bodies', () => {
  const urlencoded = (pairs: [string, string][]) =>
    importRequest(
      {
        method: 'POST',
        url: 'http://api.test/token',
        body: { mode: 'urlencoded', urlencoded: pairs.map(([key, value]) => ({ key, value })) },
      } as PostmanRequest,
      context(),
    );

  it('sends urlencoded pairs as `form` where runner encodes them as Postman does', () => {
    const { request } = urlencoded([
      ['user', 'ada'],
      ['tag', 'a'],
    ]);
    expect(request.body?.kind).toBe('form');
  });

  it('sends a name given twice as the text Postman sends, since a `form` field holds one value', () => {
    const { request } = urlencoded([
      ['user', 'ada'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
    expect(request.body).toEqual({ kind: 'text', value: new Template('user=ada&tag=a&tag=b', false) });
  });

  it("writes Postman's encoding as the body where `form` would differ (space as %20, `*` escaped)", () => {
    const { request } = urlencoded([
      ['note', 'a b*~'],
      ['x', '1'],
      ['note', "c'"],
    ]);
    expect(request.body?.kind).toBe('text');
    expect(request.body?.kind === 'text' && text(request.body.value)).toBe('note=a%20b%2A~&note=c%27&x=1');
    expect(request.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
  });

  it('keeps `form` with variables, noting literal text Postman would encode differently', () => {
    const { request, unconverted } = urlencoded([
      ['code', 'a code'],
      ['client', '{{clientId}}'],
    ]);
    expect(request.body?.kind).toBe('form');
    expect(unconverted).toEqual([expect.stringMatching(/^Postman's urlencoding of these form values/)]);
  });

  it('keeps GraphQL variables as written when they are not compact JSON, as Postman sends them', () => {
    const graphql = (variables: string) =>
      importRequest(
        {
          method: 'POST',
          url: 'http://api.test/graphql',
          body: { mode: 'graphql', graphql: { query: '{ a }', variables } },
        } as PostmanRequest,
        context(),
      ).request;
    const spaced = graphql('{\n\t"id": 1\n}');
    expect(spaced.body?.kind === 'text' && text(spaced.body.value)).toBe(
      '{"query":"{ a }","variables":{\n\t"id": 1\n}}',
    );
    expect(spaced.headers).toEqual([['Content-Type', 'application/json']]);
    expect(graphql('{"id":1}').body).toMatchObject({ kind: 'graphql', value: { variables: { id: 1 } } });
  });
});

describe('importRequest: auth', () => {
  const bearer = (token: string) => ({ type: 'bearer', bearer: [{ key: 'token', value: token }] });

  it('replaces an Authorization header the request names itself, as Postman signs a request', () => {
    const { request } = importRequest(
      {
        method: 'GET',
        url: 'http://api.test/',
        header: [{ key: 'authorization', value: 'Bearer {{token}}' }],
        auth: bearer('tok'),
      } as PostmanRequest,
      context(),
    );
    expect(request.headers).toEqual([]);
    expect(request.auth?.scheme === 'bearer' ? text(request.auth.token) : undefined).toBe(
      '$accounts.postman.token',
    );
  });

  it('sends no bearer header for an empty token, as Postman', () => {
    const { request } = importRequest(
      { method: 'GET', url: 'http://api.test/', auth: bearer('{{token}}') } as PostmanRequest,
      context([], { token: '' }),
    );
    expect(request.headers).toEqual([]);
    expect(request.auth).toBeUndefined();
  });

  it('reads a token a test script saves from the variable, not from the credentials file', () => {
    const ctx = context(['token'], { token: 'from-the-environment' });
    const { request } = importRequest(
      { method: 'GET', url: 'http://api.test/', auth: bearer('{{token}}') } as PostmanRequest,
      ctx,
    );
    expect(request.auth?.scheme === 'bearer' ? text(request.auth.token) : undefined).toBe('${token}');
    expect(ctx.credentials.size).toBe(0);
    expect(ctx.variables.has('token')).toBe(true);
  });

  it('keeps each distinct credential under its own field', () => {
    const ctx = context();
    const basic = (user: string) =>
      importRequest(
        {
          method: 'GET',
          url: 'http://api.test/',
          auth: {
            type: 'basic',
            basic: [
              { key: 'username', value: user },
              { key: 'password', value: 'pw' },
            ],
          },
        } as PostmanRequest,
        ctx,
      ).request.auth;
    const pair = (auth: DraftAuth | undefined) =>
      auth?.scheme === 'basic' ? `${text(auth.username)} ${text(auth.password)}` : undefined;
    // A user name and its password are two fields (a password can be changed alone), numbered as a pair.
    expect([basic('ada'), basic('bob'), basic('ada')].map(pair)).toEqual([
      '$accounts.postman.username $accounts.postman.password',
      '$accounts.postman.username2 $accounts.postman.password2',
      '$accounts.postman.username $accounts.postman.password',
    ]);
    expect(Object.fromEntries(ctx.credentials)).toEqual({
      username: 'ada',
      password: 'pw',
      username2: 'bob',
      password2: 'pw',
    });
  });

  it('turns digest, awsv4 and oauth2 (client credentials, password) into auth:, and names what it cannot', () => {
    const authOf = (type: string, values: Record<string, string>) => {
      const ctx = context();
      const imported = importRequest(
        {
          method: 'GET',
          url: 'http://api.test/',
          auth: { type, [type]: Object.entries(values).map(([key, value]) => ({ key, value })) },
        } as PostmanRequest,
        ctx,
      );
      const auth = imported.request.auth;
      const plain = auth
        ? Object.fromEntries(Object.entries(auth).map(([key, value]) => [key, text(value as DraftText)]))
        : undefined;
      return {
        auth: plain,
        credentials: Object.fromEntries(ctx.credentials),
        unconverted: imported.unconverted,
      };
    };
    expect(authOf('digest', { username: 'ada', password: 'pw', realm: 'r', nonce: 'n' })).toEqual({
      auth: {
        scheme: 'digest',
        username: '$accounts.postman.username',
        password: '$accounts.postman.password',
      },
      credentials: { username: 'ada', password: 'pw' },
      unconverted: [],
    });
    expect(
      authOf('awsv4', { accessKey: 'AKID', secretKey: 'sk', region: 'eu-west-1', service: 's3' }).auth,
    ).toEqual({
      scheme: 'awsSigV4',
      accessKeyId: '$accounts.postman.awsAccessKeyId',
      secretAccessKey: '$accounts.postman.awsSecretAccessKey',
      region: 'eu-west-1',
      service: 's3',
    });
    expect(
      authOf('oauth2', {
        grant_type: 'password_credentials',
        accessTokenUrl: 'https://id.test/token',
        clientId: 'app',
        clientSecret: 'cs',
        username: 'ada',
        password: 'pw',
        scope: 'read',
        client_authentication: 'body',
      }).auth,
    ).toEqual({
      scheme: 'oauth2',
      grant: 'password',
      tokenUrl: 'https://id.test/token',
      clientId: 'app',
      clientSecret: '$accounts.postman.clientSecret',
      scope: 'read',
      username: '$accounts.postman.username',
      password: '$accounts.postman.password',
      clientAuth: 'body',
    });
    expect(
      authOf('oauth2', {
        grant_type: 'client_credentials',
        accessTokenUrl: 'https://id.test/t',
        clientId: 'c',
        clientSecret: 's',
      }).auth?.grant,
    ).toBe('client_credentials');
    expect(authOf('oauth2', { grant_type: 'authorization_code' }).unconverted).toEqual([
      'oauth2 auth with the `authorization_code` grant (runner fetches tokens with the client_credentials and password grants)',
    ]);
    expect(authOf('ntlm', {}).unconverted).toEqual([
      'ntlm auth: NTLM authentication is not supported: runner speaks basic, bearer, digest, awsSigV4 and oauth2',
    ]);
  });
});
