import { describe, expect, it } from 'vitest';
import { environmentReader, isSecretEnvName } from './envSecrets.js';
import { SecretRegistry } from './secrets.js';

describe('$env secrets', () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['CLIENT_SECRET', true],
    ['DB_PASSWORD', true],
    ['MYSQL_PASSWD', true],
    ['api_key', true],
    ['AUTH_HEADER', true],
    ['SESSION_COOKIE', true],
    ['REGION', false],
    ['HOME', false],
  ])('%s is secret: %s', (name, secret) => {
    expect(isSecretEnvName(name)).toBe(secret);
  });

  it('adds a secret-named value to the run secrets when it is read, and only then', () => {
    const secrets = new SecretRegistry();
    const read = environmentReader({ API_TOKEN: 'tok-123', REGION: 'eu-west' }, secrets);
    expect(secrets.has('tok-123')).toBe(false);
    expect(read('API_TOKEN')).toBe('tok-123');
    expect(read('REGION')).toBe('eu-west');
    expect(read('NOPE')).toBeUndefined();
    expect(secrets.has('tok-123')).toBe(true);
    expect(secrets.has('eu-west')).toBe(false);
  });
});
