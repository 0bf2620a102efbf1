import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { COMMANDS } from '../../src/cli/commands/definitions.js';
import { parseCommandArgs } from '../../src/cli/parseArgs.js';
import { repoRoot } from '../support/cli.js';

// docs/ci.md: the CI files in docs/ci/ are valid YAML, and each `runner` command in them is one the CLI
// accepts (command, options and their values), so a copied example does not fail on a flag that is not there.

const EXAMPLES = ['github-actions.yml', 'gitlab-ci.yml', 'k8s-indexed-job.yaml'];

/** Every string in a parsed YAML value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** `runner <command> <args...>` as a shell would split it, up to the end of the line or a `;`/`&&`/`|`. */
function runnerCommands(text: string): string[][] {
  const found: string[][] = [];
  for (const match of text.matchAll(/(?:^|[\s;&|(])(?:npx\s+)?runner\s+([^\n;&|]*)/g)) {
    // CI expressions (`${{ matrix.shard }}`) stand for one word; quotes are removed as the shell would.
    const words = match[1]!
      .replace(/\$\{\{[^}]*\}\}/g, '1')
      .replace(/#.*$/, '')
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/["']/g, ''));
    found.push(words);
  }
  return found;
}

describe.each(EXAMPLES)('docs/ci/%s', (name) => {
  it('parses as YAML and runs only real runner commands and options', async () => {
    const text = await readFile(join(repoRoot, 'docs/ci', name), 'utf8');
    const documents = parseAllDocuments(text);
    const values: unknown[] = [];
    for (const document of documents) {
      expect(document.errors, name).toEqual([]);
      values.push(document.toJS());
    }
    const commands = strings(values).flatMap(runnerCommands);
    expect(commands.map((words) => words[0])).toContain('run');
    for (const [command, ...args] of commands) {
      const definition = COMMANDS.find((candidate) => candidate.name === command);
      expect(definition, `runner ${command}`).toBeDefined();
      // The CLI's own parser: an unknown option or a missing value throws.
      expect(() => parseCommandArgs(definition!, args), `runner ${command} ${args.join(' ')}`).not.toThrow();
    }
  });
});

describe('the CI examples', () => {
  it('split by shard: the matrix, GitLab `parallel:` and an Indexed Job with its total', async () => {
    const read = async (file: string) =>
      parseAllDocuments(await readFile(join(repoRoot, 'docs/ci', file), 'utf8')).map((d) => d.toJS());
    const [github] = await read('github-actions.yml');
    expect(github.jobs.test.strategy.matrix.shard).toEqual([1, 2, 3, 4]);
    expect(github.jobs.merge.needs).toBe('test');
    const [gitlab] = await read('gitlab-ci.yml');
    expect(gitlab['api-tests'].parallel).toBe(4);
    expect(gitlab['api-tests'].script.join('\n')).toContain('--shard auto');
    const kubernetes = await read('k8s-indexed-job.yaml');
    const job = kubernetes.find((doc: { metadata: { name: string } }) => doc.metadata.name === 'api-tests');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(job.spec.template.spec.containers[0].env).toContainEqual({
      name: 'RUNNER_SHARD_TOTAL',
      value: '4',
    });
    expect(String(job.spec.completions)).toBe('4');
  });
});
