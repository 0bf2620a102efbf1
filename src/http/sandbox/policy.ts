import { describeNonPublicAddress } from './addressRanges.js';
import { findApexWildcard, findMatchingPattern } from './domainPatterns.js';
import { displayHost, formatIpAddress, normaliseHost, type IpAddress, type NormalisedHost } from './host.js';

/** SPEC, config `security.sandboxing.*`: the outbound network boundary of a run. */
export interface SandboxPolicy {
  enabled: boolean;
  /** Empty: every host not blocked is allowed. `*.example.com` matches sub-domains, not `example.com`. */
  allowedDomains: string[];
  /** Wins over `allowedDomains`. */
  blockedDomains: string[];
  /** Block every non-public address: loopback, private, link-local, CGNAT, reserved, and their IPv6 forms. */
  blockPrivateSubnets: boolean;
}

/** Which setting stopped a request, and a message that names it. */
export interface SandboxBlock {
  rule: 'blockedDomains' | 'allowedDomains' | 'blockPrivateSubnets';
  message: string;
}

const PREFIX = 'blocked by sandbox:';
const SETTING = 'security.sandboxing';
const LISTED_PATTERNS = 5;

function quoteList(patterns: readonly string[]): string {
  const shown = patterns.slice(0, LISTED_PATTERNS).map((pattern) => `\`${pattern}\``);
  const more = patterns.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function checkDomainRules(policy: SandboxPolicy, host: NormalisedHost): SandboxBlock | undefined {
  const shown = `\`${displayHost(host)}\``;
  const blockedBy = findMatchingPattern(policy.blockedDomains, host);
  if (blockedBy !== undefined) {
    const message = `${PREFIX} host ${shown} is in ${SETTING}.blockedDomains (\`${blockedBy}\`)`;
    return { rule: 'blockedDomains', message };
  }
  const allowed = policy.allowedDomains;
  if (allowed.length === 0 || findMatchingPattern(allowed, host) !== undefined) return undefined;
  const apexWildcard = findApexWildcard(allowed, host);
  const hint =
    apexWildcard === undefined
      ? ''
      : `; \`${apexWildcard}\` matches sub-domains only, add ${shown} to allow the domain itself`;
  const message = `${PREFIX} host ${shown} is not in ${SETTING}.allowedDomains (${quoteList(allowed)})${hint}`;
  return { rule: 'allowedDomains', message };
}

function privateSubnetBlock(subject: string): SandboxBlock {
  return {
    rule: 'blockPrivateSubnets',
    message: `${PREFIX} ${subject}, and ${SETTING}.blockPrivateSubnets is on`,
  };
}

/**
 * The rules that need no DNS (SPEC phase 4), checked on every request before it is dispatched: the domain
 * lists (blocked wins), then `blockPrivateSubnets` for a host written as an IP address.
 */
export function checkHost(policy: SandboxPolicy, hostname: string): SandboxBlock | undefined {
  if (!policy.enabled) return undefined;
  const host = normaliseHost(hostname);
  const domainBlock = checkDomainRules(policy, host);
  if (domainBlock !== undefined || host.kind === 'name' || !policy.blockPrivateSubnets) return domainBlock;
  const why = describeNonPublicAddress(host.address);
  return why === undefined ? undefined : privateSubnetBlock(`host \`${displayHost(host)}\` is ${why}`);
}

/**
 * `blockPrivateSubnets` on an address a name resolved to. The client calls this on the very address it is
 * about to dial, for every new connection, so a DNS answer that changes later cannot slip through.
 */
export function checkResolvedAddress(
  policy: SandboxPolicy,
  hostname: string,
  address: IpAddress,
): SandboxBlock | undefined {
  if (!policy.enabled || !policy.blockPrivateSubnets) return undefined;
  const why = describeNonPublicAddress(address);
  if (why === undefined) return undefined;
  const host = displayHost(normaliseHost(hostname));
  return privateSubnetBlock(`host \`${host}\` resolves to ${formatIpAddress(address)}, ${why}`);
}
