import { ROLES, seedUsers, type Role, type User } from '../data.js';
import { errorReply, jsonObjectBody, type DemoReply, type RouteContext } from '../exchange.js';
import type { Route } from '../router.js';
import type { TokenService } from './auth.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Fields = Partial<Pick<User, 'name' | 'email' | 'role'>>;

/** Checks the writable fields; `required` lists those that must be present (POST and PUT need name and email). */
function readFields(
  value: Record<string, unknown>,
  required: readonly string[],
): { ok: true; fields: Fields } | { ok: false; reply: DemoReply } {
  const fields: Fields = {};
  for (const name of required) {
    if (value[name] === undefined) return { ok: false, reply: errorReply(400, `${name} is required`) };
  }
  if (value.name !== undefined) {
    if (typeof value.name !== 'string' || value.name.trim() === '') {
      return { ok: false, reply: errorReply(400, 'name must be a non-empty string') };
    }
    fields.name = value.name;
  }
  if (value.email !== undefined) {
    if (typeof value.email !== 'string' || !EMAIL.test(value.email)) {
      return { ok: false, reply: errorReply(400, 'email must be an email address') };
    }
    fields.email = value.email;
  }
  if (value.role !== undefined) {
    const role = ROLES.find((candidate) => candidate === value.role);
    if (role === undefined)
      return { ok: false, reply: errorReply(400, `role must be one of ${ROLES.join(', ')}`) };
    fields.role = role;
  }
  return { ok: true, fields };
}

/** /users: list, read, and (with a bearer token from /auth/login) create, replace, update, delete. */
export function userRoutes(tokens: TokenService, nowMs: () => number): Route[] {
  const users = seedUsers();
  let nextId = users.length + 1;
  const now = (): string => new Date(nowMs()).toISOString();

  const unauthorized = (context: RouteContext): DemoReply | undefined =>
    tokens.bearerClaims(context) === undefined
      ? errorReply(401, 'missing or invalid bearer token; log in with POST /auth/login', {
          'www-authenticate': 'Bearer',
        })
      : undefined;
  const find = (id: string): User | undefined => users.find((user) => String(user.id) === id);
  const notFound = (id: string): DemoReply => errorReply(404, `user ${id} not found`);
  const emailTaken = (email: string | undefined, except?: User): DemoReply | undefined =>
    users.some((user) => user !== except && user.email === email)
      ? errorReply(409, `a user with email ${email} already exists`)
      : undefined;

  /** PUT replaces name, email and role (role back to `user` when omitted); PATCH changes what it is given. */
  const update =
    (replace: boolean) =>
    (context: RouteContext): DemoReply => {
      const denied = unauthorized(context);
      if (denied) return denied;
      const id = context.params.id ?? '';
      const user = find(id);
      if (user === undefined) return notFound(id);
      const body = jsonObjectBody(context);
      if (!body.ok) return body.reply;
      const checked = readFields(body.value, replace ? ['name', 'email'] : []);
      if (!checked.ok) return checked.reply;
      const conflict = emailTaken(checked.fields.email, user);
      if (conflict) return conflict;
      const role: Role = checked.fields.role ?? (replace ? 'user' : user.role);
      Object.assign(user, checked.fields, { role, updatedAt: now() });
      return { status: 200, body: user };
    };

  return [
    {
      method: 'GET',
      path: '/users',
      handle(context) {
        const limitText = context.query.get('limit');
        const limit = limitText === null ? 100 : Number(limitText);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
          return errorReply(400, 'limit must be an integer from 1 to 100');
        }
        const role = context.query.get('role');
        const matching = role === null ? users : users.filter((user) => user.role === role);
        return { status: 200, body: { items: matching.slice(0, limit), total: matching.length } };
      },
    },
    {
      method: 'POST',
      path: '/users',
      handle(context) {
        const denied = unauthorized(context);
        if (denied) return denied;
        const body = jsonObjectBody(context);
        if (!body.ok) return body.reply;
        const checked = readFields(body.value, ['name', 'email']);
        if (!checked.ok) return checked.reply;
        const conflict = emailTaken(checked.fields.email);
        if (conflict) return conflict;
        const createdAt = now();
        const user: User = {
          id: nextId++,
          name: checked.fields.name ?? '',
          email: checked.fields.email ?? '',
          role: checked.fields.role ?? 'user',
          createdAt,
          updatedAt: createdAt,
        };
        users.push(user);
        return { status: 201, body: user, headers: { location: `/users/${user.id}` } };
      },
    },
    {
      method: 'GET',
      path: '/users/:id',
      handle(context) {
        const id = context.params.id ?? '';
        const user = find(id);
        return user === undefined ? notFound(id) : { status: 200, body: user };
      },
    },
    { method: 'PUT', path: '/users/:id', handle: update(true) },
    { method: 'PATCH', path: '/users/:id', handle: update(false) },
    {
      method: 'DELETE',
      path: '/users/:id',
      handle(context) {
        const denied = unauthorized(context);
        if (denied) return denied;
        const id = context.params.id ?? '';
        const index = users.findIndex((user) => String(user.id) === id);
        if (index < 0) return notFound(id);
        users.splice(index, 1);
        return { status: 204 };
      },
    },
  ];
}
