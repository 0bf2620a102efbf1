import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/support/cli.js';
import { COMMANDS } from './commands/definitions.js';
import { renderCommandHelp } from './help.js';
import { renderOptionTable } from './optionTable.js';

const CLI_DOC = join(repoRoot, 'docs/cli.md');
const withOptions = COMMANDS.filter((command) => command.options.length > 0);

/** The table of `command` as docs/cli.md must hold it, between its markers, laid out by Prettier. */
async function expectedTable(name: string): Promise<string> {
  const command = withOptions.find((candidate) => candidate.name === name)!;
  return (await format(renderOptionTable(command), { parser: 'markdown', proseWrap: 'preserve' })).trimEnd();
}

const MARKED = /(<!-- options: (\w+) -->\n\n)([\s\S]*?)(\n\n<!-- \/options -->)/g;

/** `UPDATE_DOCS=1 npx vitest run src/cli/optionTable.test.ts` rewrites the tables from the definitions. */
async function updateDoc(text: string): Promise<string> {
  const tables = new Map<string, string>();
  for (const command of withOptions) tables.set(command.name, await expectedTable(command.name));
  return text.replace(MARKED, (whole, open: string, name: string, _old: string, close: string) =>
    tables.has(name) ? `${open}${tables.get(name)}${close}` : whole,
  );
}

describe('docs/cli.md follows the option definitions', () => {
  it('holds each command’s option table, generated from definitions.ts (regenerate with UPDATE_DOCS=1)', async () => {
    let doc = await readFile(CLI_DOC, 'utf8');
    if (process.env.UPDATE_DOCS) {
      doc = await updateDoc(doc);
      await writeFile(CLI_DOC, doc);
    }
    const marked = [...doc.matchAll(MARKED)].map((match) => match[2]);
    expect(marked).toEqual(withOptions.map((command) => command.name));
    for (const match of doc.matchAll(MARKED)) {
      expect(match[3], `options of \`runner ${match[2]}\``).toBe(await expectedTable(match[2]!));
    }
  });

  it('documents in --help every option that parsing accepts', () => {
    for (const command of withOptions) {
      const help = renderCommandHelp(command);
      for (const option of command.options) expect(help).toContain(`--${option.name}`);
    }
  });
});
