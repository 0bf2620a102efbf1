import { formatLocation, type SourceLocation } from './location.js';
import { escapeControls } from './terminalText.js';

export type Severity = 'error' | 'warning';

/** One problem found in the user's input, with a stable code, a place and, where we can, a way to fix it. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  location?: SourceLocation;
  hint?: string;
}

/**
 * `file:line:col: message (hint)` — DECISIONS.md's form, which editors and CI problem matchers recognise;
 * warnings read `file:line:col: warning: message`. Without a place: `error: message`. Messages quote files
 * and servers, so control characters are shown escaped, never sent raw to a terminal (DECISIONS.md, HTTP).
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const level = diagnostic.severity === 'warning' ? 'warning: ' : '';
  if (!diagnostic.location) return escapeControls(`${diagnostic.severity}: ${diagnosticText(diagnostic)}`);
  return escapeControls(`${formatLocation(diagnostic.location)}: ${level}${diagnosticText(diagnostic)}`);
}

/** The words of a diagnostic without its place and level: `message (hint)`, as editors show them. */
export function diagnosticText(diagnostic: Diagnostic): string {
  return diagnostic.hint ? `${diagnostic.message} (${diagnostic.hint})` : diagnostic.message;
}

/**
 * An error that stops a command before anything runs (bad flags, unreadable workspace, invalid scenario).
 * Failures during a run are results, not errors (STYLE.md, "Failures are results").
 */
export class RunnerError extends Error {
  readonly code: string;
  readonly diagnostics: Diagnostic[];

  constructor(
    code: string,
    message: string,
    options: { location?: SourceLocation; hint?: string; diagnostics?: Diagnostic[] } = {},
  ) {
    super(message);
    this.name = 'RunnerError';
    this.code = code;
    this.diagnostics = options.diagnostics ?? [
      { code, severity: 'error', message, location: options.location, hint: options.hint },
    ];
  }
}

/** Thrown by the expression language for a syntax or evaluation problem; `offset` is 0-based within the source text. */
export class ExpressionError extends Error {
  readonly code: string;
  readonly offset: number;
  readonly hint: string | undefined;

  constructor(code: string, message: string, offset = 0, hint?: string) {
    super(message);
    this.name = 'ExpressionError';
    this.code = code;
    this.offset = offset;
    this.hint = hint;
  }
}
