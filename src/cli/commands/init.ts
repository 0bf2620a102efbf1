import { relative } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import { scenarioJsonSchema } from '../../language/index.js';
import { findWorkspaceRoot } from '../../workspace/loadWorkspace.js';
import { initWorkspace, scaffoldFiles } from '../../workspace/scaffold/index.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { EXIT } from '../exitCodes.js';

/** Scaffolds the workspace; never overwrites, and says what already existed. */
export async function execute(_args: ParsedArgs, io: CliIo): Promise<number> {
  // A second .runner/ inside a workspace would shadow the real one for everything below it.
  const enclosing = await findWorkspaceRoot(io.cwd);
  if (enclosing !== undefined && relative(enclosing, io.cwd) !== '') {
    throw new RunnerError('init.nested', `this directory is already inside the workspace at ${enclosing}`, {
      hint: `run \`runner init\` in ${enclosing} to add missing files, or in a directory outside it`,
    });
  }
  const files = scaffoldFiles({ scenarioJsonSchema: JSON.stringify(scenarioJsonSchema(), null, 2) + '\n' });
  const { created, existing } = await initWorkspace(io.cwd, files);
  for (const file of created) io.stdout.write(`created  ${file}\n`);
  for (const file of existing) io.stdout.write(`exists   ${file} (left as it is)\n`);
  if (created.length === 0) {
    io.stdout.write('\nThe workspace already exists; nothing was changed.\n');
  } else {
    io.stdout.write(
      '\nNext: start the demo API (`npm run demo` in the runner repository) or point\n' +
        '.runner/environments/local.yaml at your API, then run `runner run`.\n',
    );
  }
  return EXIT.passed;
}
