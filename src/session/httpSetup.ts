import { readFile } from 'node:fs/promises';
import { RunnerError } from '../diagnostics/errors.js';
import {
  parsePinAddress,
  proxySettingsFromEnvironment,
  type HttpClientOptions,
  type PinnedHosts,
  type ProxySettings,
  type ResolvedAddress,
} from '../http/index.js';
import { systemRuntime } from '../engine/index.js';
import type { SecretRegistry } from '../masking/index.js';
import { displayPath } from '../workspace/displayPath.js';
import { fillSettingTemplate, type Environment, type HttpOptions } from '../workspace/index.js';
import type { RunPlan } from './planRun.js';

/** What the run's HTTP client needs from outside the workspace files. */
export interface HttpSetupInputs {
  /** The process environment: HTTP(S)_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS. */
  processEnv: Readonly<Record<string, string | undefined>>;
  /** `run --resolve host:port:address`, already split: win over the files' `http.resolve`. */
  pinnedHosts?: Readonly<Record<string, ResolvedAddress>>;
}

async function readSetting(
  setting: string,
  file: string | undefined,
  cwd: string,
): Promise<Buffer | undefined> {
  if (file === undefined) return undefined;
  try {
    return await readFile(file);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new RunnerError(`http.${setting}`, `cannot read http.${setting} ${displayPath(cwd, file)}${code}`, {
      hint: `set http.${setting} in config.yaml or the environment file to a PEM file, relative to the project root`,
    });
  }
}

/** NODE_EXTRA_CA_CERTS as Node reads it; a file Node could not read is left to Node's own warning. */
async function environmentCa(env: HttpSetupInputs['processEnv']): Promise<Buffer | undefined> {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (file === undefined || file === '') return undefined;
  return readFile(file).catch(() => undefined);
}

function pins(http: HttpOptions, cli: HttpSetupInputs['pinnedHosts']): PinnedHosts {
  const map = new Map<string, ResolvedAddress>();
  for (const [key, written] of Object.entries(http.resolve)) {
    const address = parsePinAddress(written);
    if (typeof address === 'string') {
      throw new RunnerError('http.resolve', `invalid http.resolve entry \`${key}\`: ${address}`);
    }
    map.set(key, address);
  }
  for (const [key, address] of Object.entries(cli ?? {})) map.set(key, address);
  return map;
}

/** Credentials in a proxy URL are secrets from the moment they are read (DECISIONS, "HTTP"). */
function registerProxySecrets(proxy: string | undefined, secrets: SecretRegistry): void {
  if (proxy === undefined) return;
  try {
    const url = new URL(proxy.includes('://') ? proxy : `http://${proxy}`);
    if (url.password !== '') {
      secrets.add(url.password);
      secrets.add(decodeURIComponent(url.password));
    }
  } catch {
    // Not a URL: the HTTP client refuses it on first use, with a message of its own (proxyTunnel.ts).
  }
}

function proxySettings(scope: SettingScope, inputs: HttpSetupInputs, secrets: SecretRegistry): ProxySettings {
  const written = scope.environment.http.proxy;
  if (written === false) return { mode: 'off' };
  const settings: ProxySettings =
    written === undefined
      ? proxySettingsFromEnvironment(inputs.processEnv)
      : { mode: 'fixed', url: filledSetting('proxy', written, scope) };
  if (settings.mode === 'fixed') registerProxySecrets(settings.url, secrets);
  if (settings.mode === 'environment') {
    registerProxySecrets(settings.httpProxy, secrets);
    registerProxySecrets(settings.httpsProxy, secrets);
  }
  return settings;
}

/** What a setting template reads: the environment's variables and the credentials as `accounts`. */
interface SettingScope {
  environment: Pick<Environment, 'http' | 'variables'>;
  accounts: Record<string, Record<string, unknown>>;
}

/**
 * An `http:` setting that may read variables (`proxy: http://me:$accounts.proxy.password@host:3128`,
 * `clientKeyPassphrase: $accounts.tls.passphrase`), filled in; what `$accounts` gives is a secret already.
 */
function filledSetting(name: string, written: string, scope: SettingScope): string {
  try {
    return fillSettingTemplate(
      written,
      { ...scope.environment.variables, accounts: scope.accounts },
      systemRuntime,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RunnerError(`http.${name}`, `cannot read http.${name}: ${reason}`);
  }
}

/** `clientKeyPassphrase: $accounts.tls.passphrase` filled in, and kept secret whatever it was written as. */
function passphrase(scope: SettingScope, secrets: SecretRegistry): string | undefined {
  const written = scope.environment.http.clientKeyPassphrase;
  if (written === undefined) return undefined;
  const value = filledSetting('clientKeyPassphrase', written, scope);
  secrets.add(value);
  return value;
}

/**
 * The network credentials of an environment as secrets, for commands that print without sending
 * (`convert --to curl`): the client key passphrase and the passwords of proxy URLs.
 */
export function registerNetworkSecrets(
  scope: SettingScope,
  processEnv: HttpSetupInputs['processEnv'],
  secrets: SecretRegistry,
): void {
  try {
    passphrase(scope, secrets);
  } catch {
    // An unreadable passphrase stops `run`; a command that only prints has nothing to mask then.
  }
  try {
    proxySettings(scope, { processEnv }, secrets);
  } catch {
    // The same for a proxy URL that reads an undefined variable.
  }
}

/**
 * The run's HTTP client options from the `http:` settings (DECISIONS, "HTTP"): files read, pins merged,
 * proxy chosen, and every credential registered as a secret before anything is sent or printed.
 */
export async function httpClientOptions(
  plan: RunPlan,
  userAgent: string,
  inputs: HttpSetupInputs,
): Promise<HttpClientOptions & { ca?: Buffer }> {
  const { workspace, environment } = plan;
  const http = environment.http;
  const cwd = workspace.cwd;
  const [ca, clientCert, clientKey, extraCa] = await Promise.all([
    readSetting('caFile', http.caFile, cwd),
    readSetting('clientCert', http.clientCert, cwd),
    readSetting('clientKey', http.clientKey, cwd),
    environmentCa(inputs.processEnv),
  ]);
  if ((clientCert === undefined) !== (clientKey === undefined)) {
    throw new RunnerError('http.client-cert', 'http.clientCert and http.clientKey go together: set both', {
      hint: 'a client certificate is useless without its private key, and the other way round',
    });
  }
  const keyPassphrase = passphrase(plan, plan.secrets);
  return {
    http2: http.http2,
    insecure: http.insecure,
    ...(ca === undefined ? {} : { ca }),
    tls: {
      ...(extraCa === undefined ? {} : { environmentCa: extraCa }),
      ...(clientCert === undefined ? {} : { clientCert }),
      ...(clientKey === undefined ? {} : { clientKey }),
      ...(keyPassphrase === undefined ? {} : { passphrase: keyPassphrase }),
    },
    compressed: http.compressed,
    pinnedHosts: pins(http, inputs.pinnedHosts),
    proxy: proxySettings(plan, inputs, plan.secrets),
    sandbox: workspace.config.security.sandboxing,
    userAgent,
  };
}
