import type { CommandDefinition } from './commands/definitions.js';
import { COMMANDS } from './commands/definitions.js';
import { optionSignature } from './optionTable.js';

/** Long-only options line up with those that have a short form. */
function helpSignature(option: CommandDefinition['options'][number]): string {
  return option.short ? optionSignature(option) : `    ${optionSignature(option)}`;
}

function table(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

function commandUsage(command: CommandDefinition): string {
  const positionals = command.positionals.map((p) => (p.variadic ? `[${p.name}...]` : `[${p.name}]`));
  return ['runner', command.name, ...positionals, ...(command.options.length > 0 ? ['[options]'] : [])].join(
    ' ',
  );
}

export function renderCommandHelp(command: CommandDefinition): string {
  const lines = [`Usage: ${commandUsage(command)}`, '', command.summary];
  if (command.positionals.length > 0) {
    lines.push('', 'Arguments:', ...table(command.positionals.map((p) => [p.name, p.description])));
  }
  const options: [string, string][] = command.options.map((o) => [helpSignature(o), o.description]);
  options.push(['-h, --help', 'show this help']);
  lines.push('', 'Options:', ...table(options));
  lines.push('', 'Examples:', ...command.examples.map((example) => `  ${example}`));
  return lines.join('\n') + '\n';
}

export function renderMainHelp(): string {
  const lines = [
    'runner: declarative API tests in YAML',
    '',
    'Usage: runner <command> [options]',
    '',
    'Commands:',
    ...table(COMMANDS.map((command) => [command.name, command.summary])),
    '',
    'Options:',
    ...table([
      ['-h, --help', 'show help (also after a command: runner run --help)'],
      ['-V, --version', 'print the version line'],
    ]),
    '',
    'Exit codes: 0 all passed · 1 a step or scenario failed (or validate found problems) · 2 nothing could run',
  ];
  return lines.join('\n') + '\n';
}
