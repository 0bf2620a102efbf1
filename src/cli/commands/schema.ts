import { scenarioJsonSchema } from '../../language/index.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { EXIT } from '../exitCodes.js';

/** Prints the JSON Schema of the scenario language, made from the validator's own definitions. */
export async function execute(_args: ParsedArgs, io: CliIo): Promise<number> {
  io.stdout.write(JSON.stringify(scenarioJsonSchema(), null, 2) + '\n');
  return EXIT.passed;
}
