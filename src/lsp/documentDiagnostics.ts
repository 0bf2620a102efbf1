/**
 * `runner validate` on one open document: the very same checks (validateWorkspace on that file, with the
 * editor's unsaved texts in place of the files on disk), turned into the protocol's diagnostics. Same words
 * (`message (hint)`), same places; only problems located in the document itself are shown on it.
 */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { diagnosticText, type Diagnostic } from '../diagnostics/errors.js';
import type { SourceLocation } from '../diagnostics/location.js';
import { displayPath, validateWorkspace, type OpenDocuments } from '../workspace/index.js';
import { wordRange } from './positions.js';
import type { Project } from './project.js';

export async function checkDocument(
  file: string,
  text: string,
  project: Project,
  openDocuments: OpenDocuments,
): Promise<LspDiagnostic[]> {
  const root = project.workspace.root;
  // Paths in messages read as `runner validate` prints them from the project root.
  const { diagnostics } = await validateWorkspace(
    project.workspace,
    project.environment,
    [file],
    root,
    undefined,
    openDocuments,
  );
  const shown = displayPath(root, file);
  const lines = text.split(/\r?\n/);
  return diagnostics.flatMap((diagnostic) =>
    diagnostic.location?.file === shown ? [toLspDiagnostic(diagnostic, diagnostic.location, lines)] : [],
  );
}

function toLspDiagnostic(
  diagnostic: Diagnostic,
  location: SourceLocation,
  lines: readonly string[],
): LspDiagnostic {
  return {
    range: wordRange(location, lines),
    severity: diagnostic.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
    source: 'runner',
    code: diagnostic.code,
    message: diagnosticText(diagnostic),
  };
}
