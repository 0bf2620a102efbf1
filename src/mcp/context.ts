/** What every tool of the MCP server gets from the command that started it (`runner mcp`, src/cli). */
export interface ToolContext {
  /** Where the server was started (`--cwd`); the workspace is found by walking up from here. */
  cwd: string;
  /** The runner's version, stamped at build time: the server's version and the User-Agent of runs. */
  version: string;
  /** When reports and snapshots are written; tests pass a fixed clock. */
  now: () => Date;
  /** One line for the log (stderr): stdout carries only protocol messages. */
  log: (line: string) => void;
  /**
   * The server's operating-system environment: `$env.<NAME>` in runs (none: every name is unset), and the
   * proxy variables and NODE_EXTRA_CA_CERTS.
   */
  env?: Readonly<Record<string, string | undefined>>;
}
