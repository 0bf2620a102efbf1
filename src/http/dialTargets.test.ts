import { describe, expect, it } from 'vitest';
import { dialTargets } from './dialTargets.js';
import { HttpError } from './httpError.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import type { SandboxPolicy } from './sandbox/policy.js';
import { rejection } from '../../test/support/rejection.js';

const strict: SandboxPolicy = {
  enabled: true,
  allowedDomains: [],
  blockedDomains: [],
  blockPrivateSubnets: true,
};

/** A resolver that answers from a table and counts its calls. */
function tableResolver(table: Record<string, ResolvedAddress[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return Promise.resolve(table[hostname] ?? []);
  };
  return Object.assign(resolve, { calls });
}

const failure = (promise: Promise<unknown>): Promise<HttpError> => rejection(promise, HttpError);

describe('dialTargets', () => {
  it('resolves a name once and returns the answers in canonical form', async () => {
    const resolve = tableResolver({
      'api.example.test': [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25C8:1946', family: 6 },
      ],
    });
    expect(await dialTargets('api.example.test', resolve, strict)).toEqual({
      host: 'api.example.test',
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
    });
    expect(resolve.calls).toEqual(['api.example.test']);
  });

  it('blocks when any answer is private, not only the first', async () => {
    const resolve = tableResolver({
      'db.internal': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    const error = await failure(dialTargets('db.internal', resolve, strict));
    expect(error.code).toBe('sandbox');
    expect(error.message).toBe(
      'blocked by sandbox: host `db.internal` resolves to 10.0.0.5, a private address (RFC 1918), ' +
        'and security.sandboxing.blockPrivateSubnets is on',
    );
  });

  it('normalises what the resolver says before checking it, and dials that canonical text', async () => {
    const sneaky = tableResolver({ 'a.test': [{ address: '2130706433', family: 4 }] });
    expect((await failure(dialTargets('a.test', sneaky, strict))).message).toContain(
      'resolves to 127.0.0.1, a loopback address',
    );
    expect(await dialTargets('a.test', sneaky, undefined)).toEqual({
      host: 'a.test',
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
  });

  it('checks IP-literal hosts without asking the resolver', async () => {
    const resolve = tableResolver({});
    expect((await failure(dialTargets('127.0.0.1', resolve, strict))).code).toBe('sandbox');
    expect((await failure(dialTargets('::ffff:7f00:1', resolve, strict))).message).toContain(
      'IPv4-mapped form of 127.0.0.1',
    );
    expect(await dialTargets('::1', resolve, undefined)).toEqual({ host: '::1', addresses: [] });
    expect(resolve.calls).toEqual([]);
  });

  it('uses the resolver with the sandbox off too', async () => {
    const resolve = tableResolver({ 'api.example.test': [{ address: '127.0.0.1', family: 4 }] });
    expect((await dialTargets('api.example.test', resolve, undefined)).addresses).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    expect(resolve.calls).toHaveLength(1);
  });

  it('reports names that do not resolve and answers that are not addresses', async () => {
    const nothing = await failure(dialTargets('missing.test', tableResolver({}), undefined));
    expect([nothing.code, nothing.message]).toEqual([
      'connect',
      'cannot resolve host missing.test (no addresses)',
    ]);
    const failing: HostResolver = () =>
      Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    expect((await failure(dialTargets('gone.test', failing, undefined))).message).toBe(
      'cannot resolve host gone.test (ENOTFOUND)',
    );
    const garbage = tableResolver({ 'x.test': [{ address: 'not-an-ip', family: 4 }] });
    expect((await failure(dialTargets('x.test', garbage, undefined))).message).toBe(
      'cannot resolve host x.test: `not-an-ip` is not an IP address',
    );
  });
});
