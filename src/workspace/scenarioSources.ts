/**
 * Reads scenario files for parsing and gathers what parseScenario's context needs: schema names, the
 * environment's names, and the `use` graph (which files are targets, whether targets exist, and what
 * each target defines for its parent). Each file is read at most once per instance. With a parse cache,
 * an unchanged file checked before in the same context is not parsed or checked again.
 */
import { createHash } from 'node:crypto';
import { dirname, isAbsolute, resolve, win32 } from 'node:path';
import { RunnerError, type Diagnostic } from '../diagnostics/errors.js';
import {
  parseScenario,
  prepareQueryChecks,
  parseYaml,
  summarizeScenario,
  type ParsedYaml,
  type ParsedScenario,
  type ScenarioContext,
  type ScenarioSummary,
  type UseTarget,
} from '../language/index.js';
import { scenarioFilesUnder } from './collectScenarioFiles.js';
import { displayPath } from './displayPath.js';
import { credentialFieldNames } from './environment.js';
import { isDirectory } from './fileKinds.js';
import { isInside, placeInProject, type ProjectPlacement } from './projectPaths.js';
import { readTextFile, readTextFileSync } from './readYamlFile.js';
import type { CachedSource, ParseCache } from './parseCache.js';
import { listSchemaFiles } from './schemaFiles.js';
import { compactScenario } from './storedScenario.js';
import type { Environment, Workspace } from './types.js';

/** A file's text, its `use` summary and its YAML tree (parsed at most once, and only when needed). */
interface Source {
  text: string;
  summary: ScenarioSummary;
  yaml(): ParsedYaml;
  cached?: CachedSource;
}
type SourceOrProblem = Source | { problem: Diagnostic };

/** Texts by absolute path that replace the files on disk: what an editor holds but has not saved. */
export type OpenDocuments = ReadonlyMap<string, string>;

export class ScenarioSources {
  private readonly texts = new Map<string, Promise<SourceOrProblem>>();
  private readonly summaries = new Map<string, ScenarioSummary>();
  private readonly placements = new Map<string, ProjectPlacement>();
  private readonly useTargets = new Set<string>();
  private schemas: ReadonlySet<string> = new Set();
  /** Account and field names of the environment's credentials file (never values); unknown when absent. */
  private accounts: ReadonlyMap<string, readonly string[]> | undefined;
  /** What every file's checks read besides the file and its `use` targets, for the parse cache's keys. */
  private sharedKey = '';

  /**
   * `readAtOnce`: read files synchronously, as loading before a run may (never a step during one).
   * `openDocuments`: texts by absolute path that win over the files on disk (an editor's unsaved buffers).
   */
  constructor(
    private readonly workspace: Workspace,
    private readonly environment: Environment | undefined,
    private readonly cwd: string = workspace.cwd,
    private readonly cache?: ParseCache,
    private readonly readAtOnce = false,
    private readonly openDocuments?: OpenDocuments,
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
    const environment = this.environment;
    this.accounts =
      environment === undefined ? undefined : await credentialFieldNames(this.workspace, environment.name);
    // In their order, not sorted: a "did you mean" hint picks among equally close names by order.
    this.sharedKey = JSON.stringify([
      [...this.schemas],
      environment
        ? [environment.services, environment.cache, environment.variables].map((named) => Object.keys(named))
        : null,
      this.accounts === undefined ? null : [...this.accounts],
    ]);
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
    const isUseTarget = options.isUseTarget ?? this.useTargets.has(file);
    const checked = read.cached?.checked((uses) => this.contextKey(file, isUseTarget, uses));
    if (checked) return checked;
    await prepareQueryChecks(read.text);
    const asked = new Set<string>();
    const parsed = parseScenario(read.text, display, this.context(file, isUseTarget, asked), read.yaml());
    // Kept compact from here on: a run plans every file before its first request (storedScenario.ts).
    const result = parsed.scenario ? { ...parsed, scenario: compactScenario(parsed.scenario) } : parsed;
    const uses = [...asked];
    const key = this.contextKey(file, isUseTarget, uses);
    this.cache?.rememberChecked(file, display, read.text, { key, uses, result });
    return result;
  }

  /** `asked` collects the `use` targets the checks look up. */
  private context(file: string, isUseTarget: boolean, asked: Set<string>): ScenarioContext {
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
      ...(this.accounts === undefined ? {} : { accounts: this.accounts }),
      resolveUse: (target) => {
        asked.add(target);
        return this.resolveUse(file, target);
      },
      isUseTarget,
    };
  }

  private resolveUse(file: string, target: string): UseTarget {
    const path = resolve(dirname(file), target);
    if (this.isOutside(target, path))
      return { path, display: this.display(path), exists: false, outside: true };
    // Every target was visited in prepare(); an unknown one is given the benefit of the doubt.
    const placement = this.placements.get(path);
    if (placement === 'outside') return { path, display: this.display(path), exists: false, outside: true };
    return {
      path,
      display: this.display(path),
      exists: placement === undefined || placement === 'inside',
      defines: this.definesOf(path, new Set()),
    };
  }

  /** DECISIONS.md: a `use` target is written relative to its file and stays inside the project root. */
  private isOutside(target: string, path: string): boolean {
    return isAbsolute(target) || win32.isAbsolute(target) || !isInside(this.workspace.root, path);
  }

  /** Everything checking `file` depends on besides its own text and name. */
  private contextKey(file: string, isUseTarget: boolean, uses: readonly string[]): string {
    const targets = uses.map((target) => [target, this.resolveUse(file, target)]);
    return createHash('sha256')
      .update(JSON.stringify([this.sharedKey, isUseTarget, targets]))
      .digest('hex');
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
    const summary = read.summary;
    this.summaries.set(file, summary);
    await Promise.all(
      summary.uses.map(async (target) => {
        const path = resolve(dirname(file), target);
        // A target outside the project is never read: its content must not reach any message.
        if (this.isOutside(target, path)) return;
        this.useTargets.add(path);
        if (!this.placements.has(path)) {
          this.placements.set(path, await placeInProject(this.workspace.root, path));
        }
        if (this.placements.get(path) === 'inside') await this.summarize(path);
      }),
    );
  }

  private read(file: string): Promise<SourceOrProblem> {
    let pending = this.texts.get(file);
    if (!pending) {
      const display = this.display(file);
      const open = this.openDocuments?.get(file);
      const text =
        open !== undefined
          ? Promise.resolve(open)
          : this.readAtOnce
            ? new Promise<string>((resolve) => resolve(readTextFileSync(file, display)))
            : readTextFile(file, display);
      pending = text.then(
        (text) => this.source(file, display, text),
        (error: unknown) => ({ problem: readProblem(error, display) }),
      );
      this.texts.set(file, pending);
    }
    return pending;
  }

  private source(file: string, display: string, text: string): Source {
    const cached = this.cache?.lookup(file, display, text);
    if (cached) {
      // Parsed only if the cache has no check of it in this context.
      let yaml: ParsedYaml | undefined;
      return { text, summary: cached.summary, yaml: () => (yaml ??= parseYaml(text, display)), cached };
    }
    const yaml = parseYaml(text, display);
    const summary = summarizeScenario(text, display, yaml);
    this.cache?.remember(file, display, text, summary);
    return { text, summary, yaml: () => yaml };
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
