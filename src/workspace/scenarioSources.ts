/**
 * Reads scenario files for parsing and gathers what parseScenario's context needs: schema names, the
 * environment's names, and the `use` graph (which files are targets, whether targets exist, and what
 * each target defines for its parent). Each file is read at most once per instance.
 */
import { dirname, resolve } from 'node:path';
import { RunnerError, type Diagnostic } from '../diagnostics/errors.js';
import {
  parseScenario,
  parseYaml,
  summarizeScenario,
  type ParsedYaml,
  type ParsedScenario,
  type ScenarioContext,
  type ScenarioSummary,
} from '../language/index.js';
import { scenarioFilesUnder } from './collectScenarioFiles.js';
import { displayPath } from './displayPath.js';
import { isDirectory, isFile } from './fileKinds.js';
import { readTextFile } from './readYamlFile.js';
import type { ParseCache } from './parseCache.js';
import { listSchemaFiles } from './schemaFiles.js';
import type { Environment, Workspace } from './types.js';

/** A file's text and its YAML tree, parsed once for both the `use` summary and the full parse. */
type TextOrProblem = { text: string; yaml: ParsedYaml } | { problem: Diagnostic };

export class ScenarioSources {
  private readonly texts = new Map<string, Promise<TextOrProblem>>();
  private readonly summaries = new Map<string, ScenarioSummary>();
  private readonly existing = new Map<string, boolean>();
  private readonly useTargets = new Set<string>();
  private schemas: ReadonlySet<string> = new Set();

  constructor(
    private readonly workspace: Workspace,
    private readonly environment: Environment | undefined,
    private readonly cwd: string = workspace.cwd,
    private readonly cache?: ParseCache,
  ) {}

  /**
   * Must run before parse(): follows the `use` steps of `files`. `findParents` also scans the whole tests
   * directory, to learn which of `files` other files use (they may read their parent's variables).
   */
  async prepare(
    files: readonly string[],
    options: { findParents: boolean } = { findParents: true },
  ): Promise<void> {
    this.schemas = new Set((await listSchemaFiles(this.workspace)).map((schema) => schema.name));
    const testsPath = this.workspace.config.tests.path;
    const others =
      options.findParents && (await isDirectory(testsPath)) ? await scenarioFilesUnder(testsPath) : [];
    const everything = new Set([...files, ...others]);
    await Promise.all([...everything].map((file) => this.summarize(file)));
  }

  async parse(file: string, options: { isUseTarget?: boolean } = {}): Promise<ParsedScenario> {
    const display = this.display(file);
    const read = await this.read(file);
    if ('problem' in read) return { diagnostics: [read.problem] };
    return parseScenario(
      read.text,
      display,
      this.context(file, options.isUseTarget ?? this.useTargets.has(file)),
      read.yaml,
    );
  }

  private context(file: string, isUseTarget: boolean): ScenarioContext {
    const environment = this.environment;
    return {
      schemas: this.schemas,
      ...(environment
        ? {
            services: new Set(Object.keys(environment.services)),
            cacheConnections: new Set(Object.keys(environment.cache)),
            environmentVariables: new Set(Object.keys(environment.variables)),
          }
        : {}),
      resolveUse: (target) => {
        const path = resolve(dirname(file), target);
        // Every target was visited in prepare(); an unknown one is given the benefit of the doubt.
        return {
          path,
          display: this.display(path),
          exists: this.existing.get(path) ?? true,
          defines: this.definesOf(path, new Set()),
        };
      },
      isUseTarget,
    };
  }

  /** What a used file leaves behind: its own definitions and those of the files it uses in turn. */
  private definesOf(file: string, seen: Set<string>): string[] {
    const summary = this.summaries.get(file);
    if (!summary || seen.has(file)) return [];
    seen.add(file);
    const nested = summary.uses.flatMap((target) => this.definesOf(resolve(dirname(file), target), seen));
    return [...summary.defines, ...nested];
  }

  /** Reads and summarizes `file`, then every file it uses, recursively. */
  private async summarize(file: string): Promise<void> {
    if (this.summaries.has(file)) return;
    const read = await this.read(file);
    if ('problem' in read || this.summaries.has(file)) return;
    const summary = summarizeScenario(read.text, this.display(file), read.yaml);
    this.summaries.set(file, summary);
    await Promise.all(
      summary.uses.map(async (target) => {
        const path = resolve(dirname(file), target);
        this.useTargets.add(path);
        if (!this.existing.has(path)) this.existing.set(path, await isFile(path));
        if (this.existing.get(path)) await this.summarize(path);
      }),
    );
  }

  private read(file: string): Promise<TextOrProblem> {
    let pending = this.texts.get(file);
    if (!pending) {
      const display = this.display(file);
      pending = readTextFile(file, display).then(
        (text) => {
          const cached = this.cache?.lookup(file, display, text);
          if (cached) return { text, yaml: cached };
          const yaml = parseYaml(text, display);
          this.cache?.remember(file, display, text, yaml);
          return { text, yaml };
        },
        (error: unknown) => ({ problem: readProblem(error, this.display(file)) }),
      );
      this.texts.set(file, pending);
    }
    return pending;
  }

  private display(file: string): string {
    return displayPath(this.cwd, file);
  }
}

function readProblem(error: unknown, display: string): Diagnostic {
  if (error instanceof RunnerError && error.diagnostics[0]) return error.diagnostics[0];
  const reason = error instanceof Error ? error.message : String(error);
  return {
    code: 'file.unreadable',
    severity: 'error',
    message: `cannot read scenario file: ${reason}`,
    location: { file: display, line: 1, col: 1 },
  };
}
