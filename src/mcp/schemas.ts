/** Output shapes shared by several tools, described for the model that reads them. */
import * as z from 'zod';
import { formatDiagnostic, type Diagnostic } from '../diagnostics/errors.js';
import type { Masker } from '../masking/index.js';

export const diagnosticSchema = z.object({
  severity: z
    .enum(['error', 'warning'])
    .describe('errors make `validate` fail and stop `run`; warnings do not'),
  code: z.string().describe('stable problem code, e.g. `shape.unknown-key`'),
  message: z.string(),
  file: z.string().optional().describe('the file, relative to the server directory'),
  line: z.number().int().optional().describe('1-based line'),
  column: z.number().int().optional().describe('1-based column'),
  hint: z.string().optional().describe('how to fix it, when runner knows (often a did-you-mean)'),
  text: z
    .string()
    .describe('the whole problem as `file:line:col: message (hint)`, as `runner validate` prints it'),
});

export type DiagnosticOutput = z.infer<typeof diagnosticSchema>;

/** A diagnostic as tools return it, masked (a message may quote a value from the file). */
export function diagnosticOutput(diagnostic: Diagnostic, masker: Masker): DiagnosticOutput {
  const mask = (value: string) => masker.maskText(value);
  return {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: mask(diagnostic.message),
    ...(diagnostic.location
      ? { file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.col }
      : {}),
    ...(diagnostic.hint !== undefined ? { hint: mask(diagnostic.hint) } : {}),
    text: mask(formatDiagnostic(diagnostic)),
  };
}
