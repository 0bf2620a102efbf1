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
}

/** test/fixtures/curl-corpus/commands.txt: `### <id>`, `# origin: ...`, then the text up to the next entry. */
export async function readCurlCorpus(): Promise<CorpusCommand[]> {
  const text = await readFile(join(repoRoot, 'test/fixtures/curl-corpus/commands.txt'), 'utf8');
  const entries: CorpusCommand[] = [];
  for (const block of text.split(/^### /m).slice(1)) {
    const [head = '', originLine = '', ...rest] = block.split('\n');
    entries.push({
      id: head.trim(),
      origin: originLine.replace(/^# origin: /, ''),
      text: `${rest.join('\n').trim()}\n`,
    });
  }
  return entries;
}
