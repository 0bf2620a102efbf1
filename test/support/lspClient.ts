/**
 * A real Language Server Protocol client for `runner lsp`: the built CLI spawned over stdio and driven by
 * vscode-jsonrpc with the protocol's own message types (VS Code's client library needs VS Code to run).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type InitializeResult,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { builtCli, cliEnv } from './cli.js';

export interface LspSession {
  connection: MessageConnection;
  initialized: InitializeResult;
  /** Opens a document with its text (version 1). */
  open(file: string, text: string): Promise<void>;
  /** Replaces the whole text; returns the new version. */
  change(file: string, text: string): Promise<number>;
  /** Settles with the first diagnostics published for `file` at `version` or later. */
  diagnostics(file: string, version?: number): Promise<PublishDiagnosticsParams>;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export const uriOf = (file: string): string => pathToFileURL(file).href;

export async function startLsp(cwd: string, args: string[] = []): Promise<LspSession> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [builtCli, 'lsp', ...args], {
    cwd,
    env: cliEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published: PublishDiagnosticsParams[] = [];
  const waiters: (() => void)[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    for (const wake of waiters.splice(0)) wake();
  });
  connection.listen();
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uriOf(cwd),
    workspaceFolders: [{ uri: uriOf(cwd), name: 'project' }],
    capabilities: {},
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const versions = new Map<string, number>();
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    connection,
    initialized,
    async open(file, text) {
      versions.set(file, 1);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: uriOf(file), languageId: 'yaml', version: 1, text },
      });
    },
    async change(file, text) {
      const version = (versions.get(file) ?? 1) + 1;
      versions.set(file, version);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: uriOf(file), version },
        contentChanges: [{ text }],
      });
      return version;
    },
    diagnostics(file, version = 1) {
      const uri = uriOf(file);
      return new Promise((resolve) => {
        const look = () => {
          const found = published.find((p) => p.uri === uri && (p.version ?? 0) >= version);
          if (found) resolve(found);
          else waiters.push(look);
        };
        look();
      });
    },
    stderr: () => stderr,
    async close() {
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      await exited;
      connection.dispose();
    },
  };
}
