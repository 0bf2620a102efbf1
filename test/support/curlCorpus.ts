import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './cli.js';

/** The host every corpus command was rewritten to; a test points it at its own recording server. */
export const CORPUS_HOST = 'localhost:28139';

export interface CorpusCommand {
  id: string;
  origin: string;
  /** The command text, possibly several commands and lines. */
  text: string;
  /**
   * What the real curl runs, with bash: the text itself, or for a hand-written PowerShell form (origin
   * `hand-written PowerShell form of <id>`) the bash command of the entry it names.
   */
  curlText: string;
}

const POWERSHELL_FORM = /^hand-written PowerShell form of (\S+)$/;

/** test/fixtures/curl-corpus/commands.txt: `### <id>`, `# origin: ...`, then the text up to the next entry. */
export async function readCurlCorpus(): Promise<CorpusCommand[]> {
  const text = await readFile(join(repoRoot, 'test/fixtures/curl-corpus/commands.txt'), 'utf8');
  const entries: CorpusCommand[] = [];
  for (const block of text.split(/^### /m).slice(1)) {
    const [head = '', originLine = '', ...rest] = block.split('\n');
    const command = `${rest.join('\n').trim()}\n`;
    entries.push({
      id: head.trim(),
      origin: originLine.replace(/^# origin: /, ''),
      text: command,
      curlText: command,
    });
  }
  for (const entry of entries) {
    const bashId = POWERSHELL_FORM.exec(entry.origin)?.[1];
    if (bashId === undefined) continue;
    const bash = entries.find((candidate) => candidate.id === bashId);
    if (!bash) throw new Error(`${entry.id}: the corpus has no entry ${bashId}`);
    entry.curlText = bash.text;
  }
  return entries;
}
