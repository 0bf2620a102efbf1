import type { CommandDefinition, OptionDefinition } from './commands/definitions.js';

/** How an option is written: `-j, --jobs <N>`; the same words `--help` shows. */
export function optionSignature(option: OptionDefinition): string {
  const short = option.short ? `-${option.short}, ` : '';
  const value = option.type === 'string' ? ` <${option.placeholder ?? 'value'}>` : '';
  return `${short}--${option.name}${value}`;
}

/**
 * A command's options as the Markdown table docs/cli.md shows (STYLE.md: options declared once, as data);
 * Prettier lays it out. `|` and `<` are escaped so a placeholder like `<name>` is not read as HTML.
 */
export function renderOptionTable(command: CommandDefinition): string {
  const text = (words: string) => words.replace(/\|/g, '\\|').replace(/</g, '\\<');
  const rows = command.options.map(
    (option) => `| \`${optionSignature(option).replace(/\|/g, '\\|')}\` | ${text(option.description)} |`,
  );
  return ['| Option | Meaning |', '| --- | --- |', ...rows].join('\n');
}
