import { scenarioJsonSchema } from '../../language/index.js';
import { initWorkspace, scaffoldFiles } from '../../workspace/scaffold/index.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { EXIT } from '../runMain.js';

/** Scaffolds the workspace; never overwrites, and says what already existed. */
export async function execute(_args: ParsedArgs, io: CliIo): Promise<number> {
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
