/**
 * "Run scenario" above the `scenario:` line and "Run step" above each step of `steps`, placed from the
 * language server's outline (runner's own reading of the file), so the extension never parses YAML itself.
 */
import * as vscode from 'vscode';
import { DocumentSymbolRequest, type DocumentSymbol, type LanguageClient } from 'vscode-languageclient/node';

export class RunCodeLenses implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const client = this.client();
    if (!client?.isRunning() || !vscode.workspace.getConfiguration('runner').get<boolean>('codeLens', true))
      return [];
    const symbols = (await client.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri: document.uri.toString() },
    })) as DocumentSymbol[] | null;
    const scenario = symbols?.[0];
    if (!scenario) return [];
    const at = (symbol: DocumentSymbol) =>
      new vscode.Range(symbol.selectionRange.start.line, 0, symbol.selectionRange.start.line, 0);
    const lenses = [
      new vscode.CodeLens(at(scenario), {
        title: '▶ Run scenario',
        command: 'runner.runScenario',
        arguments: [document.uri],
      }),
    ];
    const steps = scenario.children?.find((section) => section.name === 'steps')?.children ?? [];
    steps.forEach((step, index) =>
      lenses.push(
        new vscode.CodeLens(at(step), {
          title: '▶ Run step',
          tooltip: 'Run the scenario up to this step (runner run --to-step); setup and teardown still run',
          command: 'runner.runStep',
          arguments: [document.uri, index + 1],
        }),
      ),
    );
    return lenses;
  }
}
