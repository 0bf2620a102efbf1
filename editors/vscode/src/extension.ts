/**
 * The VS Code extension of runner: starts `runner lsp` (diagnostics, completion, hover, go to definition,
 * outline), and runs a scenario, or a scenario up to a step, with the CLI in a task terminal.
 */
import { relative } from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { RunCodeLenses } from './codeLenses.js';
import { projectRootOf, runnerCommand } from './runnerCommand.js';

const SCENARIO_FILES = '**/.runner/**/*.{yaml,yml}';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('runner', { log: true });
  const lenses = new RunCodeLenses(() => client);
  context.subscriptions.push(
    output,
    vscode.languages.registerCodeLensProvider(
      { scheme: 'file', language: 'yaml', pattern: SCENARIO_FILES },
      lenses,
    ),
    vscode.commands.registerCommand('runner.runScenario', (uri?: vscode.Uri) => runScenario(uri)),
    vscode.commands.registerCommand('runner.runStep', (uri?: vscode.Uri, step?: number) =>
      runScenario(uri, step),
    ),
    vscode.commands.registerCommand('runner.restartServer', async () => {
      await stopServer();
      await startServer(output);
      lenses.refresh();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('runner.path') || event.affectsConfiguration('runner.environment')) {
        await stopServer();
        await startServer(output);
      }
      lenses.refresh();
    }),
  );
  await startServer(output);
  lenses.refresh();
}

export function deactivate(): Promise<void> {
  return stopServer();
}

function settings() {
  const configuration = vscode.workspace.getConfiguration('runner');
  return {
    path: configuration.get<string>('path', ''),
    environment: configuration.get<string>('environment', ''),
  };
}

async function startServer(output: vscode.LogOutputChannel): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const { path, environment } = settings();
  const runner = runnerCommand(path, folder);
  const server: ServerOptions = {
    command: runner.command,
    args: ['lsp'],
    transport: TransportKind.stdio,
    options: { ...(folder ? { cwd: folder } : {}), shell: runner.shell },
  };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'yaml', pattern: SCENARIO_FILES }],
    initializationOptions: environment === '' ? {} : { environment },
    outputChannel: output,
  };
  client = new LanguageClient('runner', 'runner', server, options);
  try {
    await client.start();
  } catch (error) {
    output.appendLine(`cannot start \`${runner.command} lsp\`: ${String(error)}`);
    void vscode.window.showWarningMessage(
      `runner: cannot start the language server (${runner.command} lsp). Install runner in this workspace or set "runner.path".`,
    );
    client = undefined;
  }
}

async function stopServer(): Promise<void> {
  const running = client;
  client = undefined;
  if (running?.isRunning()) await running.stop();
}

/** `runner run <file> [--to-step N] [--env <name>]` from the file's project, in a task terminal. */
async function runScenario(uri: vscode.Uri | undefined, step?: number): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || target.scheme !== 'file') return;
  const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === target.toString());
  if (document?.isDirty) await document.save();
  const file = target.fsPath;
  const root = projectRootOf(file);
  if (!root) {
    void vscode.window.showWarningMessage(
      'runner: this file is not inside a project with a .runner/ folder.',
    );
    return;
  }
  const { path, environment } = settings();
  const runner = runnerCommand(path, root);
  const args = [
    'run',
    relative(root, file),
    ...(step === undefined ? [] : ['--to-step', String(step)]),
    ...(environment === '' ? [] : ['--env', environment]),
  ];
  const name =
    step === undefined ? `run ${relative(root, file)}` : `run ${relative(root, file)} to step ${step}`;
  const execution = runner.shell
    ? new vscode.ShellExecution(runner.command, args, { cwd: root })
    : new vscode.ProcessExecution(runner.command, args, { cwd: root });
  const folder = vscode.workspace.getWorkspaceFolder(target) ?? vscode.TaskScope.Workspace;
  const task = new vscode.Task({ type: 'runner', file, step }, folder, name, 'runner', execution);
  task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, clear: true, focus: false };
  await vscode.tasks.executeTask(task);
}
