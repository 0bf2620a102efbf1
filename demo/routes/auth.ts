import { ACCOUNTS } from '../data.js';
import { errorReply, headerValue, jsonObjectBody, type RouteContext } from '../exchange.js';
import { signJwt, verifyJwt, type DemoClaims } from '../jwt.js';
import type { Route } from '../router.js';

const TOKEN_LIFETIME_SECONDS = 3600;

export interface TokenService {
  /** The claims of a valid `Authorization: Bearer <token>`, or undefined. */
  bearerClaims(context: RouteContext): DemoClaims | undefined;
  routes: Route[];
}

export function createTokenService(secret: Uint8Array, nowMs: () => number): TokenService {
  const nowSeconds = (): number => Math.floor(nowMs() / 1000);

  const login: Route = {
    method: 'POST',
    path: '/auth/login',
    handle(context) {
      const body = jsonObjectBody(context);
      if (!body.ok) return body.reply;
      const { username, password } = body.value;
      if (typeof username !== 'string' || typeof password !== 'string') {
        return errorReply(400, 'username and password are required strings');
      }
      const account = ACCOUNTS.find((candidate) => candidate.username === username);
      if (account === undefined || account.password !== password) {
        return errorReply(401, 'invalid username or password');
      }
      const iat = nowSeconds();
      const claims: DemoClaims = {
        sub: account.username,
        name: account.name,
        role: account.role,
        iat,
        exp: iat + TOKEN_LIFETIME_SECONDS,
      };
      return {
        status: 200,
        body: { token: signJwt(claims, secret), tokenType: 'Bearer', expiresIn: TOKEN_LIFETIME_SECONDS },
        headers: { 'cache-control': 'no-store' },
      };
    },
  };

  return {
    bearerClaims(context) {
      const authorization = headerValue(context.headers, 'authorization') ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      return match?.[1] === undefined ? undefined : verifyJwt(match[1], secret, nowSeconds());
    },
    routes: [login],
  };
}
