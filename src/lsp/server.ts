/**
 * `runner lsp`: the Language Server Protocol over stdio (DECISIONS.md, Wave 3 / Editors). An edge like the
 * MCP server: every answer comes from the same parse, validate and shape code as the CLI.
 */
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  type Connection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseYaml, valueOf, type YamlMap } from '../language/index.js';
import { displayPath } from '../workspace/index.js';
import { completionsAt } from './completion.js';
import { definitionsAt } from './definition.js';
import { checkDocument } from './documentDiagnostics.js';
import { documentSymbols } from './documentSymbols.js';
import { hoverAt } from './hover.js';
import type { OpenDocument } from './openDocument.js';
import { openProject, type Project } from './project.js';

/** How long typing must pause before a document is checked again. */
const DIAGNOSTICS_DEBOUNCE_MS = 50;

export interface LanguageServerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  version: string;
  /** The environment whose names are checked (`--env`); the client's `initializationOptions.environment` wins. */
  environment?: string;
}

/** Serves until the client ends the session; resolves when the connection closes. */
export function serveLanguageServer(options: LanguageServerOptions): Promise<void> {
  const connection = createConnection(options.input, options.output);
  const server = new RunnerLanguageServer(connection, options.version, options.environment);
  server.listen();
  return new Promise((resolvePromise) => connection.onExit(() => resolvePromise()));
}

class RunnerLanguageServer {
  private readonly documents = new TextDocuments(TextDocument);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The last tree of each document that parsed: completion still works while the text is broken. */
  private readonly trees = new Map<string, YamlMap>();
  private readonly logged = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly version: string,
    private environment: string | undefined,
  ) {}

  listen(): void {
    const { connection, documents } = this;
    connection.onInitialize((params) => {
      const options = params.initializationOptions as { environment?: unknown } | undefined;
      if (typeof options?.environment === 'string' && options.environment !== '')
        this.environment = options.environment;
      return {
        capabilities: {
          textDocumentSync: TextDocumentSyncKind.Incremental,
          completionProvider: { triggerCharacters: ['$', '.', ':', ' '] },
          hoverProvider: true,
          definitionProvider: true,
          documentSymbolProvider: true,
        },
        serverInfo: { name: 'runner', version: this.version },
      };
    });
    documents.onDidChangeContent(({ document }) => this.schedule(document.uri));
    // A saved fragment, schema or environment can change what other open files report.
    documents.onDidSave(() => {
      for (const document of documents.all()) this.schedule(document.uri);
    });
    documents.onDidClose(({ document }) => {
      clearTimeout(this.timers.get(document.uri));
      this.timers.delete(document.uri);
      this.trees.delete(document.uri);
      void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
    connection.onCompletion(({ textDocument, position }) =>
      this.withDocument(textDocument.uri, [], (document) => completionsAt(document, position)),
    );
    connection.onHover(({ textDocument, position }) =>
      this.withDocument(textDocument.uri, null, (document) => hoverAt(document, position)),
    );
    connection.onDefinition(({ textDocument, position }) =>
      this.withDocument(textDocument.uri, [], (document) => definitionsAt(document, position)),
    );
    connection.onDocumentSymbol(({ textDocument }) =>
      this.withDocument(textDocument.uri, [], async (document) =>
        document.root ? documentSymbols(document.root, document.lines) : [],
      ),
    );
    documents.listen(connection);
    connection.listen();
  }

  private schedule(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.publishDiagnostics(uri);
      }, DIAGNOSTICS_DEBOUNCE_MS),
    );
  }

  private async publishDiagnostics(uri: string): Promise<void> {
    const textDocument = this.documents.get(uri);
    if (!textDocument) return;
    const version = textDocument.version;
    // The check parses the text itself: no tree here unless the file's place leaves its kind in doubt.
    const document = await this.open(textDocument, (project) => !inTestsPath(project, textDocument.uri));
    if (!document?.project || !isScenario(document, document.project)) return;
    const diagnostics = await checkDocument(
      document.file,
      document.text,
      document.project,
      document.openDocuments,
    ).catch((error: unknown) => {
      this.log(`cannot check ${document.file}: ${String(error)}`);
      return undefined;
    });
    // A newer text is on its way to being checked: this answer is already stale.
    if (!diagnostics || this.documents.get(uri)?.version !== version) return;
    await this.connection.sendDiagnostics({ uri, version, diagnostics });
  }

  private async withDocument<T>(
    uri: string,
    none: T,
    answer: (document: OpenDocument) => Promise<T>,
  ): Promise<T> {
    const textDocument = this.documents.get(uri);
    const document = textDocument ? await this.open(textDocument) : undefined;
    // config.yaml, environments and credentials share the folder but are not scenarios.
    if (!document?.project || !isScenario(document, document.project)) return none;
    try {
      return await answer(document);
    } catch (error) {
      this.log(`cannot answer about ${document.file}: ${String(error)}`);
      return none;
    }
  }

  /** `needsTree`: whether to parse the text (every request but the check needs the tree). */
  private async open(
    textDocument: TextDocument,
    needsTree: (project: Project | undefined) => boolean = () => true,
  ): Promise<OpenDocument | undefined> {
    if (!textDocument.uri.startsWith('file:')) return undefined;
    const file = fileURLToPath(textDocument.uri);
    const text = textDocument.getText();
    const project = await openProject(file, {
      ...(this.environment ? { environment: this.environment } : {}),
      log: (line) => this.log(line),
    });
    if (needsTree(project)) {
      const parsed = parseYaml(text, project ? displayPath(project.workspace.root, file) : file).root;
      if (parsed?.kind === 'map') this.trees.set(textDocument.uri, parsed);
    }
    const root = this.trees.get(textDocument.uri);
    const openDocuments = new Map(
      this.documents
        .all()
        .filter((open) => open.uri.startsWith('file:'))
        .map((open) => [fileURLToPath(open.uri), open.getText()] as const),
    );
    return { file, text, lines: text.split(/\r?\n/), root, project, openDocuments };
  }

  /** Each distinct problem once: the same broken config would otherwise be reported at every keystroke. */
  private log(line: string): void {
    if (this.logged.has(line)) return;
    this.logged.add(line);
    this.connection.console.warn(line);
  }
}

function inTestsPath(project: Project | undefined, uri: string): boolean {
  if (!project) return false;
  const inTests = relative(project.workspace.config.tests.path, fileURLToPath(uri));
  return !inTests.startsWith('..') && !isAbsolute(inTests);
}

/** Files under the tests path, and any YAML whose top level reads like a scenario (a `use` fragment). */
function isScenario(document: OpenDocument, project: Project): boolean {
  if (inTestsPath(project, pathToFileURL(document.file).href)) return true;
  const root = document.root;
  return (
    root !== undefined && (valueOf(root, 'scenario') !== undefined || valueOf(root, 'steps') !== undefined)
  );
}
