/** .xlsx files for `export` and `import` steps; the engine reaches them through EngineServices.spreadsheets. */
export {
  createSpreadsheetFiles,
  type SpreadsheetFiles,
  type SpreadsheetFilesOptions,
} from './spreadsheetFiles.js';
