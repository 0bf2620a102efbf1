/**
 * DECISIONS, Wave 2 "Language additions": an `$env` value is a secret when its variable's name says so
 * (how CI secrets reach a run). Matched without regard to case, so `api_key` counts as well as `API_KEY`.
 */
const SECRET_ENV_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|COOKIE/i;

export function isSecretEnvName(name: string): boolean {
  return SECRET_ENV_NAME.test(name);
}

/**
 * Reads `$env.<NAME>` from the environment the run was started with; a value whose name marks it secret is
 * added to the run's secrets as it is read, so every output masks it from then on.
 */
export function environmentReader(
  env: Readonly<Record<string, string | undefined>>,
  secrets: { add(value: unknown): void },
): (name: string) => string | undefined {
  return (name) => {
    const value = Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
    if (value !== undefined && isSecretEnvName(name)) secrets.add(value);
    return value;
  };
}
