import { RunnerError } from '../../diagnostics/errors.js';
import { VARIABLE_NAME_PATTERN } from '../../language/definitions/common.js';
import { parseDuration } from '../../language/index.js';
import type { ParsedArgs } from '../parseArgs.js';

/** More executions at once than this would be a typo, not a plan (each holds connections and a record). */
const MAX_JOBS = 256;

/** Same rule as variable names in scenarios (`set`, `save`). */
const VARIABLE_NAME = new RegExp(VARIABLE_NAME_PATTERN);

function usage(message: string, hint: string): RunnerError {
  return new RunnerError('cli.usage', message, { hint });
}

/** A string option's value, when it was given. */
export function textOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** `--jobs N` (`-j`), else config `run.jobs`: a whole number from 1 to 256. */
export function jobsOption(args: ParsedArgs, configured: number): number {
  const given = textOption(args, 'jobs');
  if (given === undefined) return configured;
  const jobs = /^\d+$/.test(given) ? Number(given) : NaN;
  if (!(jobs >= 1 && jobs <= MAX_JOBS)) {
    throw usage(`invalid --jobs \`${given}\`: a whole number from 1 to ${MAX_JOBS}`, 'such as --jobs 8');
  }
  return jobs;
}

/** `--var name=value`, repeatable; a later one wins over an earlier one of the same name. */
export function variablesOption(args: ParsedArgs): Record<string, string> | undefined {
  const given = args.options.var;
  if (!Array.isArray(given) || given.length === 0) return undefined;
  const variables: Record<string, string> = {};
  for (const pair of given) {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    if (at < 0 || !VARIABLE_NAME.test(name)) {
      throw usage(
        `invalid --var \`${at < 0 ? pair : name}\`: expected name=value with a name of letters, digits, \`_\` and \`-\``,
        'such as --var userId=42 (no `$` before the name)',
      );
    }
    variables[name] = pair.slice(at + 1);
  }
  return variables;
}

/** `--to-step N`: run the main steps up to the N-th (1-based), like Hurl's `--to-entry`. */
export function toStepOption(args: ParsedArgs): number | undefined {
  const given = textOption(args, 'to-step');
  if (given === undefined) return undefined;
  const step = /^\d+$/.test(given) ? Number(given) : NaN;
  if (!(step >= 1))
    throw usage(`invalid --to-step \`${given}\`: a whole number from 1`, 'such as --to-step 3');
  return step;
}

/** `--timeout <duration>`: the default request timeout, in milliseconds. */
export function timeoutOption(args: ParsedArgs): number | undefined {
  const given = textOption(args, 'timeout');
  if (given === undefined) return undefined;
  const ms = parseDuration(given);
  if (ms === undefined || ms <= 0) {
    throw usage(`invalid --timeout \`${given}\`: expected a duration`, 'such as --timeout 500ms, 5s or 1m');
  }
  return ms;
}
