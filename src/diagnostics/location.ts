/** Where a node came from: a file path (as the user would write it, relative to the cwd when possible), 1-based line and column. */
export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.col}`;
}
