import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHost, type SandboxPolicy } from '../../src/http/sandbox/policy.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * DECISIONS.md / docs/security.md: with `blockPrivateSubnets`, every textual form of a non-public address
 * is blocked, whether the host is checked as written or after the URL parser has rewritten it.
 */
const policy: SandboxPolicy = {
  enabled: true,
  allowedDomains: [],
  blockedDomains: [],
  blockPrivateSubnets: true,
};

/** [network, prefix length] of IPv4 ranges that must never be reached. */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
];

const privateV4 = fc
  .tuple(fc.constantFrom(...PRIVATE_V4), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[network, length], noise]) => (network | (noise >>> length)) >>> 0);

const bytes = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const hex = (n: number, upper: boolean) => {
  const text = n.toString(16);
  return upper ? text.toUpperCase() : text;
};

/** Every spelling of an IPv4 address that a URL parser or inet_aton accepts, and its IPv6 embeddings. */
function spellings(value: number, upper: boolean): string[] {
  const [a, b, c, d] = bytes(value) as [number, number, number, number];
  const x = upper ? '0X' : '0x';
  return [
    `${a}.${b}.${c}.${d}`,
    String(value),
    `${x}${hex(value, upper)}`,
    `0${value.toString(8)}`,
    `${x}${hex(a, upper)}.${x}${hex(b, upper)}.${x}${hex(c, upper)}.${x}${hex(d, upper)}`,
    `0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}.0${d.toString(8)}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${b}.${c}.${d}.`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${hex(value >>> 16, upper)}:${hex(value & 0xffff, upper)}]`,
    `[0:0:0:0:0:ffff:${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${hex(value >>> 16, upper)}:${hex(value & 0xffff, upper)}]`,
    `[2002:${hex(value >>> 16, upper)}:${hex(value & 0xffff, upper)}::1]`,
  ];
}

/** IPv6 ranges that must never be reached: loopback, unique local, link-local, site-local, multicast. */
const privateV6 = fc
  .tuple(
    fc.constantFrom<[number, number]>([0xfc00, 7], [0xfe80, 10], [0xfec0, 10], [0xff00, 8]),
    fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
  )
  .map(([[network, length], groups]) => {
    const first = (network | (groups[0]! & (0xffff >>> length))) & 0xffff;
    return [first, ...groups.slice(1)];
  });

function v6Spellings(groups: number[], upper: boolean): string[] {
  const text = groups.map((group) => hex(group, upper));
  const padded = groups.map((group) => hex(group, upper).padStart(4, '0'));
  // `::` for the longest run of zero groups, when there is one.
  const compressed = text.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
  return [`[${text.join(':')}]`, `[${padded.join(':')}]`, `[${compressed}]`];
}

function expectBlocked(host: string) {
  const block = checkHost(policy, host);
  expect(block?.rule, host).toBe('blockPrivateSubnets');
}

/** Also as the client sees it: through the WHATWG URL parser, which rewrites many spellings. */
function expectBlockedThroughUrl(host: string) {
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}/`);
  } catch {
    return; // A spelling the URL parser refuses cannot be requested at all.
  }
  expectBlocked(parsed.hostname);
}

describe('sandbox address classifier (fuzz)', () => {
  it(
    'blocks every spelling of a non-public IPv4 address',
    () => {
      fc.assert(
        fc.property(privateV4, fc.boolean(), (value, upper) => {
          for (const host of spellings(value, upper)) {
            expectBlocked(host);
            expectBlockedThroughUrl(host);
          }
        }),
        fuzzParameters(2000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'blocks every spelling of a non-public IPv6 address, and ::1 however it is written',
    () => {
      fc.assert(
        fc.property(privateV6, fc.boolean(), (groups, upper) => {
          for (const host of v6Spellings(groups, upper)) {
            expectBlocked(host);
            expectBlockedThroughUrl(host);
          }
        }),
        fuzzParameters(2000),
      );
      for (const host of ['[::1]', '[0:0:0:0:0:0:0:1]', '[0000::0001]', '[::0:1]', '[::ffff:7f00:1]'])
        expectBlocked(host);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never throws on arbitrary host text',
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 80 }), (host) => {
          checkHost(policy, host);
        }),
        fuzzParameters(3000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
