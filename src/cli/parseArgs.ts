import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { RunnerError } from '../diagnostics/errors.js';
import type { CommandDefinition, OptionDefinition } from './commands/definitions.js';

export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | string[] | boolean | undefined>;
  help: boolean;
}

function usageError(message: string, hint?: string): RunnerError {
  return new RunnerError('cli.usage', message, { hint });
}

/** Parses a command's arguments against its definition; every mistake is a usage error (exit 2). */
export function parseCommandArgs(command: CommandDefinition, args: readonly string[]): ParsedArgs {
  const byName = new Map<string, OptionDefinition>(command.options.map((o) => [o.name, o]));
  const byShort = new Map<string, OptionDefinition>(
    command.options.flatMap((o) => (o.short ? [[o.short, o] as const] : [])),
  );
  const parsed: ParsedArgs = { positionals: [], options: {}, help: false };

  const store = (option: OptionDefinition, value: string | boolean) => {
    if (option.multiple) {
      const list = (parsed.options[option.name] as string[] | undefined) ?? [];
      parsed.options[option.name] = [...list, String(value)];
    } else {
      parsed.options[option.name] = value;
    }
  };

  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      parsed.positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      parsed.help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      parsed.positionals.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const [rawName, inlineValue] = long ? splitOnce(arg.slice(2), '=') : [arg.slice(1), undefined];
    const option = long ? byName.get(rawName) : byShort.get(rawName);
    if (!option) {
      const hint = long ? didYouMeanHint(rawName, byName.keys()) : undefined;
      throw usageError(
        `unknown option \`${arg}\` for \`runner ${command.name}\``,
        hint ? hint.replace('`', '`--') : `see \`runner ${command.name} --help\``,
      );
    }
    if (option.type === 'boolean') {
      if (inlineValue !== undefined) throw usageError(`option \`--${option.name}\` takes no value`);
      store(option, true);
      continue;
    }
    const value = inlineValue ?? args[++i];
    if (value === undefined || (inlineValue === undefined && value.startsWith('-') && value !== '-')) {
      throw usageError(
        `option \`--${option.name}\` needs a value: --${option.name} <${option.placeholder ?? 'value'}>`,
      );
    }
    store(option, value);
  }

  const accepts = command.positionals.some((p) => p.variadic) ? Infinity : command.positionals.length;
  if (parsed.positionals.length > accepts) {
    const extra = parsed.positionals
      .slice(accepts)
      .map((p) => `\`${p}\``)
      .join(', ');
    throw usageError(
      `unexpected argument ${extra} for \`runner ${command.name}\``,
      `see \`runner ${command.name} --help\``,
    );
  }
  return parsed;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
