import { formatDiagnostic } from '../../diagnostics/errors.js';
import {
  loadEnvironment,
  loadWorkspace,
  openParseCache,
  trackedCredentialWarnings,
  validateWorkspace,
} from '../../workspace/index.js';
import { parseCacheOptions } from '../parseCacheOptions.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { environmentName } from './environmentName.js';
import { EXIT } from '../exitCodes.js';

/** DECISIONS.md: one line per problem with file:line:col; exit 1 when there are problems. */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const workspace = await loadWorkspace(io.cwd);
  // Asked of git while the scenarios are checked.
  const tracked = trackedCredentialWarnings(workspace);
  const envName = environmentName(args, workspace);
  const environment = await loadEnvironment(workspace, envName);
  const cacheOptions = parseCacheOptions(io);
  const cache = cacheOptions ? await openParseCache({ ...cacheOptions, root: workspace.root }) : undefined;
  const validation = await validateWorkspace(workspace, environment, args.positionals, io.cwd, cache);
  const files = validation.files;
  const diagnostics = [...validation.diagnostics, ...(await tracked)];
  for (const diagnostic of diagnostics) io.stdout.write(`${formatDiagnostic(diagnostic)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const fileWord = files.length === 1 ? 'file' : 'files';
  const problems = errors === 0 ? 'no problems' : `${errors} ${errors === 1 ? 'problem' : 'problems'}`;
  const warned = warnings > 0 ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : '';
  io.stdout.write(`${files.length} ${fileWord} checked: ${problems}${warned}\n`);
  return errors > 0 ? EXIT.failed : EXIT.passed;
}
