/**
 * A step's `auth:` as the curl options that send the same credentials (issue 23): `--user`, `--digest`,
 * `--aws-sigv4` and `--oauth2-bearer`. curl cannot fetch an OAuth2 token, so an `oauth2` step gets a note
 * saying where runner gets it and a placeholder to fill in. Credentials are masked unless `--raw`.
 */
import type { AuthSpec } from '../language/index.js';
import { headerArgument, shellQuote } from '../reporters/shared/curl.js';
import type { ResolveContext } from './resolveRequest.js';
import { resolveKnownText } from './resolveKnown.js';

export function authToCurl(
  auth: Exclude<AuthSpec, { scheme: 'none' }>,
  context: ResolveContext,
): { options: string[]; notes: string[] } {
  const text = (template: string): string => {
    const value = resolveKnownText(template, context.scope);
    return context.masker ? context.masker.maskText(value) : value;
  };
  const user = (name: string, secret: string) => `--user ${shellQuote(`${text(name)}:${text(secret)}`)}`;
  switch (auth.scheme) {
    case 'basic':
      return { options: [user(auth.username, auth.password)], notes: [] };
    case 'digest':
      return { options: ['--digest', user(auth.username, auth.password)], notes: [] };
    case 'bearer':
      return { options: [`--oauth2-bearer ${shellQuote(text(auth.token))}`], notes: [] };
    case 'awsSigV4':
      return {
        options: [
          `--aws-sigv4 ${shellQuote(`aws:amz:${text(auth.region)}:${text(auth.service)}`)}`,
          user(auth.accessKeyId, auth.secretAccessKey),
          ...(auth.sessionToken === undefined
            ? []
            : [`-H ${shellQuote(headerArgument('x-amz-security-token', text(auth.sessionToken)))}`]),
        ],
        notes: [],
      };
    case 'oauth2':
      return {
        options: [`--oauth2-bearer '<access token>'`],
        notes: [
          `auth: oauth2 (${auth.grant}): runner gets the token from ${text(auth.tokenUrl)}; curl cannot, so put one in place of <access token>`,
        ],
      };
  }
}
