/**
 * A spreadsheet that cannot be written or read as the step asks. The step reports the message as its failure
 * (STYLE.md, "Failures are results"); the code lets tests and callers tell the cases apart.
 */
export type SpreadsheetErrorCode =
  | 'spreadsheet.not-found'
  | 'spreadsheet.not-xlsx'
  | 'spreadsheet.too-large'
  | 'spreadsheet.too-many-rows'
  | 'spreadsheet.missing-sheet'
  | 'spreadsheet.missing-header'
  | 'spreadsheet.missing-column'
  | 'spreadsheet.cell'
  | 'spreadsheet.file';

export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;

  constructor(code: SpreadsheetErrorCode, message: string) {
    super(message);
    this.name = 'SpreadsheetError';
    this.code = code;
  }
}
