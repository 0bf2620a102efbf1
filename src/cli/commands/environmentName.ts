import type { Workspace } from '../../workspace/index.js';
import type { ParsedArgs } from '../parseArgs.js';

/** `--env`, else `environments.default` from config.yaml (SPEC, Flag behavior). */
export function environmentName(args: ParsedArgs, workspace: Workspace): string {
  return typeof args.options.env === 'string' ? args.options.env : workspace.config.environments.default;
}
