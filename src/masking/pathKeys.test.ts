import { describe, expect, it } from 'vitest';
import { pathKeys } from './pathKeys.js';

describe('pathKeys', () => {
  it.each([
    ['body.auth.token', ['body', 'auth', 'token']],
    ['headers.authorization', ['headers', 'authorization']],
    ['body.items[0]["api_key"]', ['body', 'items', '0', 'api_key']],
    ['$.auth.access_token', ['auth', 'access_token']],
    ["$['session']['token']", ['session', 'token']],
    ["$.users[?@.role == 'admin'].password", ['users', 'role', 'admin', 'password']],
    ['xpath(string(//auth/@token))', ['xpath', 'string', 'auth', 'token']],
    ['regex(body.secret, "id=(\\d+)")', ['regex', 'body', 'secret', 'id', '\\d+']],
    ['count(body.tokens)', []],
    ['length(body.password)', []],
  ])('%s reads %j', (path, keys) => {
    expect(pathKeys(path)).toEqual(keys);
  });
});
