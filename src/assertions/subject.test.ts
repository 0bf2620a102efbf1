import { describe, expect, it } from 'vitest';
import { resolveSubjectPath, splitSubjectPath, type Subject } from './subject.js';

const subject: Subject = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'abc' },
  body: {
    user: { id: 7, email: 'a@example.com', name: 'Alice', nick: null },
    items: [{ id: 1 }, { id: 2 }],
    empty: {},
  },
  jwt: { sub: 'u-1', 'https://example.com/roles': ['admin'] },
};

describe('resolveSubjectPath', () => {
  it('finds status, headers case-insensitively, and the whole body', () => {
    expect(resolveSubjectPath(subject, 'status')).toEqual({ found: true, value: 200 });
    expect(resolveSubjectPath(subject, 'headers.X-Request-ID')).toEqual({ found: true, value: 'abc' });
    expect(resolveSubjectPath({ headers: { 'X-Upper': '1' } }, 'headers.x-upper')).toEqual({
      found: true,
      value: '1',
    });
    expect(resolveSubjectPath(subject, 'body')).toEqual({ found: true, value: subject.body });
  });

  it('follows dotted and indexed body paths, null included', () => {
    expect(resolveSubjectPath(subject, 'body.user.email')).toEqual({ found: true, value: 'a@example.com' });
    expect(resolveSubjectPath(subject, 'body.items[1].id')).toEqual({ found: true, value: 2 });
    expect(resolveSubjectPath(subject, 'body.items[-1].id')).toEqual({ found: true, value: 2 });
    expect(resolveSubjectPath(subject, 'body.user.nick')).toEqual({ found: true, value: null });
    expect(resolveSubjectPath({ body: [{ id: 9 }] }, 'body[0].id')).toEqual({ found: true, value: 9 });
  });

  it('takes everything after `headers.` as the header name', () => {
    expect(resolveSubjectPath({ headers: { 'x.dotted': 'y' } }, 'headers.x.dotted')).toEqual({
      found: true,
      value: 'y',
    });
  });

  it('finds JWT claims, bracket-quoted when they contain dots', () => {
    expect(resolveSubjectPath(subject, 'jwt.sub')).toEqual({ found: true, value: 'u-1' });
    expect(resolveSubjectPath(subject, 'jwt["https://example.com/roles"][0]')).toEqual({
      found: true,
      value: 'admin',
    });
  });

  it('finds cache fields and paths inside a cached value', () => {
    const cache: Subject = { cache: { exists: true, value: { id: 'x', tags: ['a'] }, ttl: 30 } };
    expect(resolveSubjectPath(cache, 'cache.exists')).toEqual({ found: true, value: true });
    expect(resolveSubjectPath(cache, 'cache.ttl')).toEqual({ found: true, value: 30 });
    expect(resolveSubjectPath(cache, 'cache.value.tags[0]')).toEqual({ found: true, value: 'a' });
  });

  it('lists the fields at the parent of a missing field', () => {
    expect(resolveSubjectPath(subject, 'body.user.emial')).toEqual({
      found: false,
      message: 'path not found; available fields: id, email, name, nick',
      available: ['id', 'email', 'name', 'nick'],
      reached: 'body.user',
    });
  });

  it('names the deepest level reached when it is not the parent', () => {
    expect(resolveSubjectPath(subject, 'body.usr.email')).toEqual({
      found: false,
      message: 'path not found; available fields at `body`: user, items, empty',
      available: ['user', 'items', 'empty'],
      reached: 'body',
    });
  });

  it('explains arrays, scalars and empty objects in the way', () => {
    expect(resolveSubjectPath(subject, 'body.items[5].id')).toMatchObject({
      message: 'path not found: `body.items` has 2 items',
      available: ['[0]..[1]'],
    });
    expect(resolveSubjectPath(subject, 'body.items.id')).toMatchObject({
      message:
        'path not found: `body.items` is an array; use an index such as `body.items[0]` or every item with `body.items[*]`',
    });
    expect(resolveSubjectPath(subject, 'body.user.name.first')).toMatchObject({
      message: 'path not found: `body.user.name` is a string, not an object',
      available: [],
    });
    expect(resolveSubjectPath(subject, 'body.empty.x')).toMatchObject({
      message: 'path not found: `body.empty` is an empty object',
    });
  });

  it('says when the body is not JSON, naming the content type', () => {
    const html: Subject = {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<html>',
      bodyText: '<html>',
    };
    expect(resolveSubjectPath(html, 'body.title')).toEqual({
      found: false,
      message:
        'path not found: the response body is not JSON (text/html); only `body` as a whole can be read',
      available: [],
    });
    expect(resolveSubjectPath(html, 'body')).toEqual({ found: true, value: '<html>' });
    expect(resolveSubjectPath({ body: 'plain' }, 'body.x')).toMatchObject({
      message: 'path not found: the response body is not JSON; only `body` as a whole can be read',
    });
  });

  it('says when there is no body, status, header, JWT or cache', () => {
    expect(resolveSubjectPath({}, 'body.x')).toMatchObject({
      message: 'path not found: the response has no body',
    });
    expect(resolveSubjectPath({}, 'status')).toMatchObject({ message: 'this step has no HTTP status' });
    expect(resolveSubjectPath(subject, 'headers.x-id')).toEqual({
      found: false,
      message: 'header not found; available headers: content-type, x-request-id',
      available: ['content-type', 'x-request-id'],
      reached: 'headers',
    });
    expect(resolveSubjectPath({}, 'jwt.sub')).toMatchObject({
      message: 'no JWT in the response: looked at body.token, body.accessToken, body.access_token',
    });
    expect(
      resolveSubjectPath({ jwtProblem: 'the token at body.token is not a readable JWT' }, 'jwt.sub'),
    ).toMatchObject({ message: 'the token at body.token is not a readable JWT' });
    expect(resolveSubjectPath({ ...subject, jwtSource: 'body.token' }, 'jwt.role')).toMatchObject({
      found: false,
      message:
        'path not found; available fields: sub, https://example.com/roles (claims of the JWT at body.token; signature not verified)',
    });
    expect(resolveSubjectPath(subject, 'cache.value')).toMatchObject({
      message: '`cache` paths apply only to cache steps',
    });
  });

  it('rejects unknown roots with a did-you-mean, and bad syntax', () => {
    expect(resolveSubjectPath(subject, 'bdy.user')).toEqual({
      found: false,
      message:
        'unknown path root `bdy`; paths start with status, headers, body, jwt, cache, url, redirects, httpVersion, duration, size, sha256, md5, ip, certificate, cookies, messages, events, close, trailers, `$` (JSONPath) or xpath(...) (did you mean `body`?)',
      available: [],
    });
    expect(resolveSubjectPath(subject, 'body.a..b')).toMatchObject({
      found: false,
      message: expect.stringContaining('invalid path'),
    });
    expect(resolveSubjectPath(subject, 'status.code')).toMatchObject({
      message: '`status` has no fields; write `status`',
    });
  });
});

describe('splitSubjectPath', () => {
  it('splits the root from the rest', () => {
    expect(splitSubjectPath('body.a.b')).toEqual({ root: 'body', rest: 'a.b' });
    expect(splitSubjectPath('body[0]')).toEqual({ root: 'body', rest: '[0]' });
    expect(splitSubjectPath(' status ')).toEqual({ root: 'status', rest: '' });
  });
});
