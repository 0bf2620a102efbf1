/**
 * `--user`, `--digest`, `--aws-sigv4` and `--oauth2-bearer` as the step's `auth:` (DECISIONS, Wave 3 "Auth"):
 * what curl sends with them, runner sends with `auth:`. A `-H Authorization` of the command wins, as in curl,
 * and then no `auth:` is written.
 */
import { refuseOption } from './curlOptions.js';
import type { CurlInvocation } from './curlInvocation.js';
import { findHeader, type DraftAuth, type DraftText } from './draftRequest.js';
import { hasShellVariable } from './shellVariables.js';

/** `user:password` as curl splits it: at the first colon; no colon, an empty password. */
function splitUser(user: string): [string, string] {
  const colon = user.indexOf(':');
  return colon < 0 ? [user, ''] : [user.slice(0, colon), user.slice(colon + 1)];
}

/** curl's rule when `--aws-sigv4` names no region or service: `<service>.<region>.amazonaws.com`. */
function awsScope(provider: string, host: string): { region: string; service: string } {
  const [first = '', second = 'amz', region, service] = provider.split(':');
  if (first.toLowerCase() !== 'aws' || second.toLowerCase() !== 'amz')
    throw refuseOption(
      '--aws-sigv4',
      `runner signs as AWS does (\`aws:amz\`), not as \`${first}:${second}\``,
    );
  if (region && service) return { region, service };
  const fromHost = /^([^.]+)\.([^.]+)\.amazonaws\.com(\.cn)?$/i.exec(host);
  if (fromHost?.[1] && fromHost[2]) return { region: region || fromHost[2], service: service || fromHost[1] };
  throw refuseOption(
    '--aws-sigv4',
    'name the region and service, as in `--aws-sigv4 aws:amz:<region>:<service>`: the host does not say them',
  );
}

export function curlAuth(
  invocation: CurlInvocation,
  host: string,
  headers: readonly [string, DraftText][],
): DraftAuth | undefined {
  if (findHeader(headers, 'authorization') >= 0) return undefined;
  const user = invocation.user;
  // curl uses `--oauth2-bearer` unless `--digest` or `--aws-sigv4` picks a scheme for `--user`.
  const picked = invocation.digest === true || invocation.awsSigv4 !== undefined;
  if (invocation.bearer !== undefined && !(picked && user !== undefined))
    return { scheme: 'bearer', token: invocation.bearer };
  if (user === undefined) {
    if (invocation.awsSigv4 !== undefined)
      throw refuseOption('--aws-sigv4', 'it signs with the key id and secret of `--user`, and there is none');
    return undefined;
  }
  if (hasShellVariable(user)) throw refuseOption('-u', 'a shell variable in the credentials cannot be split');
  const [name, password] = splitUser(user);
  if (invocation.awsSigv4 !== undefined) {
    return {
      scheme: 'awsSigV4',
      accessKeyId: name,
      secretAccessKey: password,
      ...awsScope(invocation.awsSigv4, host),
    };
  }
  return { scheme: invocation.digest === true ? 'digest' : 'basic', username: name, password };
}
