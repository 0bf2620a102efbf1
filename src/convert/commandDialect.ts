/**
 * Which shell a pasted command was written for, told from the whole command's shape rather than one
 * character (issue 15): bash (the default, and what "Copy as cURL (bash)" writes), Windows cmd (cmdWords.ts)
 * or PowerShell's `curl.exe` form (powershellWords.ts); then its commands and words as that shell reads them.
 */
import { looksLikeCmd, splitCmdWords } from './cmdWords.js';
import type { TextSource } from './conversionError.js';
import { splitPowerShellWords } from './powershellWords.js';
import { splitShellScript, type ShellCommand } from './shellScript.js';

type CommandDialect = 'bash' | 'cmd' | 'powershell';

/**
 * PowerShell: a backtick continuing a line, a leading `&` call operator, or `$env:NAME` outside a cmd-shaped
 * command; or `curl.exe` with single quotes, which cmd never uses for grouping, in a command without bash's
 * `\` line continuations.
 */
export function commandDialect(text: string): CommandDialect {
  // Comment lines before the command say nothing of its shell.
  const start = text.replace(/^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*/, '');
  if (linesBeforeABreak(text).some(continuesWithBacktick) || /^&[ \t]*\S/.test(start)) return 'powershell';
  if (looksLikeCmd(text)) return 'cmd';
  if (/\$\{?env:[A-Za-z_]/i.test(text)) return 'powershell';
  const curlExe = /^(?:\S*[/\\])?curl\.exe\s/i.test(start);
  if (curlExe && text.includes("'") && !/\\\r?\n/.test(text)) return 'powershell';
  return 'bash';
}

/**
 * A line ending in a backtick: PowerShell's line continuation, unless that backtick closes a bash command
 * substitution opened on the same line outside any quote (`< \`echo file\``, issue 22), which is then read
 * as bash and refused by name. Quotes are followed as bash reads them.
 */
function continuesWithBacktick(line: string): boolean {
  const text = line.replace(/\r$/, '');
  if (!text.endsWith('`')) return false;
  let single = false;
  let double = false;
  let substitution = false;
  for (let i = 0; i < text.length - 1; i++) {
    const ch = text[i];
    if (single) single = ch !== "'";
    else if (ch === '\\') i += 1;
    else if (ch === '`') substitution = !substitution;
    else if (substitution) continue;
    else if (ch === '"') double = !double;
    else if (ch === "'" && !double) single = true;
  }
  return !(substitution && !double && !single);
}

function linesBeforeABreak(text: string): string[] {
  return text.split('\n').slice(0, -1);
}

export function splitCommandText(source: TextSource): ShellCommand[] {
  switch (commandDialect(source.text)) {
    case 'powershell':
      return splitPowerShellWords(source);
    case 'cmd':
      return [{ words: splitCmdWords(source) }];
    case 'bash':
      return splitShellScript(source);
  }
}
