/**
 * The masking boundary of `runner report merge` (issue 28): the same Masker a run builds, so every output of
 * a merge is masked as a run's is, whatever its inputs were (a `--report-raw` report is raw). It knows:
 * - the field names every output masks, and the workspace's `security.mask` when the merge runs in one;
 * - the credentials of every environment the reports name, when the workspace has them (`$env` values that
 *   cannot be read here are left out, as a merge job often runs without the run's secrets);
 * - the secrets the reports themselves name (reporters/merge/reportSecrets.ts).
 */
import { environmentReader, Masker, SecretRegistry } from '../masking/index.js';
import { fillEnvReferences, loadCredentials, loadWorkspace } from '../workspace/index.js';
import type { Workspace } from '../workspace/types.js';
import { addReportSecrets, type JsonReport } from '../reporters/index.js';

const DEFAULT_POLICY = { enabled: true, fields: [] };

function environmentsOf(reports: readonly JsonReport[]): Set<string> {
  const names = new Set<string>();
  for (const report of reports) {
    for (const record of [report, ...(report.scenarios ?? [])]) {
      for (const name of record.metadata.environment.split(', ')) if (name !== '') names.add(name);
    }
  }
  return names;
}

/** Every value of a credentials file that can be read here, `$env` ones filled in. */
function credentialValues(value: unknown, read: (name: string) => string | undefined, out: unknown[]): void {
  if (typeof value === 'string') {
    try {
      out.push(fillEnvReferences(value, read, ''));
    } catch {
      // An `$env` name unset in this job: that value is not known here.
    }
  } else if (Array.isArray(value)) for (const item of value) credentialValues(item, read, out);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) credentialValues(item, read, out);
  else if (value !== undefined && value !== null) out.push(value);
}

async function addCredentials(
  workspace: Workspace,
  environments: Iterable<string>,
  env: Readonly<Record<string, string | undefined>>,
  secrets: SecretRegistry,
): Promise<void> {
  const read = environmentReader(env, secrets);
  for (const name of environments) {
    const credentials = await loadCredentials(workspace, name).catch(() => undefined);
    const values: unknown[] = [];
    credentialValues(credentials, read, values);
    secrets.add(values);
  }
}

export async function createMergeMasker(
  reports: readonly JsonReport[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Masker> {
  const secrets = new SecretRegistry();
  // Outside a workspace, or with a config that does not load, the built-in fields still apply.
  const workspace = await loadWorkspace(cwd).catch(() => undefined);
  const masker = new Masker(workspace?.config.security.mask ?? DEFAULT_POLICY, secrets);
  if (workspace) await addCredentials(workspace, environmentsOf(reports), env, secrets);
  addReportSecrets(reports, masker, secrets);
  return masker;
}
