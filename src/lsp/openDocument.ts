/** What every editor request about one document starts from: its file, text, tree and project. */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { allSteps, stepKind, stringOf, summarizeScenario, valueOf, type YamlMap } from '../language/index.js';
import { displayPath, type OpenDocuments } from '../workspace/index.js';
import type { Project } from './project.js';

export interface OpenDocument {
  /** Absolute path. */
  file: string;
  text: string;
  lines: string[];
  /** The scenario's tree: the current text's, or the last one that parsed while the text is broken. */
  root: YamlMap | undefined;
  project: Project | undefined;
  openDocuments: OpenDocuments;
}

/** The text of a file as the editor holds it, else as saved; undefined when it cannot be read. */
export async function textOf(file: string, openDocuments: OpenDocuments): Promise<string | undefined> {
  const open = openDocuments.get(file);
  if (open !== undefined) return open;
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** `use` targets of the document as written, with the absolute path each resolves to. */
function useTargets(document: OpenDocument): { target: string; path: string }[] {
  if (!document.root) return [];
  return allSteps(document.root).flatMap((step) => {
    const target = stepKind(step) === 'use' ? stringOf(valueOf(step, 'use')) : undefined;
    return target === undefined ? [] : [{ target, path: resolve(dirname(document.file), target) }];
  });
}

/** `use` targets inside the project: DECISIONS.md refuses the others, and they are never read. */
export function readableUseTargets(document: OpenDocument): { target: string; path: string }[] {
  const root = document.project?.workspace.root ?? dirname(document.file);
  return useTargets(document).filter(({ path }) => {
    const inside = relative(root, path);
    return !inside.startsWith('..') && !isAbsolute(inside);
  });
}

/** What each `use` target leaves behind for its parent (the names its saves, sets and imports define). */
export async function fragmentDefines(document: OpenDocument): Promise<Map<string, string[]>> {
  const root = document.project?.workspace.root ?? dirname(document.file);
  const defines = new Map<string, string[]>();
  await Promise.all(
    readableUseTargets(document).map(async ({ target, path }) => {
      const text = await textOf(path, document.openDocuments);
      if (text !== undefined) defines.set(target, summarizeScenario(text, displayPath(root, path)).defines);
    }),
  );
  return defines;
}
