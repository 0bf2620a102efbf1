/**
 * Hover: the one-line description of a key (the same text `runner schema` writes), of a matcher in
 * `expect`, and where a `$variable` comes from.
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver/node';
import { MATCHER_DOCS } from '../assertions/index.js';
import { cursorContext } from './cursorContext.js';
import type { OpenDocument } from './openDocument.js';
import { credentialNames } from './project.js';
import { referenceAt } from './references.js';
import { keyDescription, rolesAt } from './scenarioShapes.js';
import { variableDefinitions } from './variables.js';

export async function hoverAt(document: OpenDocument, position: Position): Promise<Hover | null> {
  const line = document.lines[position.line] ?? '';
  const reference = referenceAt(line, position.character);
  if (reference) {
    const text = await describeReference(document, reference.segments);
    return text ? markdown(text, position.line, reference.start, reference.end) : null;
  }
  const key = keyAt(line, position.character);
  if (key) {
    const context = cursorContext(document.lines, position.line, key.start);
    if (context.kind !== 'key') return null;
    const description = keyDescription(context.path, key.name);
    return description
      ? markdown(`**${key.name}**: ${description}`, position.line, key.start, key.end)
      : null;
  }
  return matcherHover(document, position, line);
}

/** The key written on the line, when the cursor is on it. */
function keyAt(line: string, character: number): { name: string; start: number; end: number } | undefined {
  const match = /^(\s*(?:-\s+)*)([A-Za-z_][\w-]*)\s*:(?:\s|$)/.exec(line);
  if (!match) return undefined;
  const start = (match[1] ?? '').length;
  const name = match[2] ?? '';
  const end = start + name.length;
  return character >= start && character <= end ? { name, start, end } : undefined;
}

/** A matcher word in an expected value: `gt` in `body.age: gt 18`, `empty` in `not empty`. */
function matcherHover(document: OpenDocument, position: Position, line: string): Hover | null {
  const words = /[\w-]+/g;
  for (const match of line.matchAll(words)) {
    const start = match.index;
    const end = start + match[0].length;
    if (position.character < start || position.character > end) continue;
    const matcher = MATCHER_DOCS.find((doc) => doc.name === match[0]);
    if (!matcher) return null;
    const context = cursorContext(document.lines, position.line, end);
    const path = context.kind === 'value' ? [...context.path, context.key] : context.path;
    if (context.kind === 'key' || !rolesAt(path).has('expected')) return null;
    return markdown(`**${matcher.name}** (matcher): ${matcher.description}`, position.line, start, end);
  }
  return null;
}

async function describeReference(
  document: OpenDocument,
  segments: readonly string[],
): Promise<string | undefined> {
  const [name, ...rest] = segments;
  if (name === 'env')
    return '`$env.NAME`: a variable of the operating system environment, read when the run starts.';
  if (name === 'accounts') {
    const project = document.project;
    if (!project || rest.length === 0)
      return '`$accounts.<account>.<field>`: a value of the credentials file (a secret, masked everywhere).';
    const accounts = await credentialNames(project.workspace);
    const files = accounts.filter((account) => account.name === rest[0]).map((account) => account.loc.file);
    return files.length === 0
      ? `\`$accounts.${rest.join('.')}\`: no account \`${rest[0]}\` in the credentials files`
      : `\`$accounts.${rest.join('.')}\`: from ${[...new Set(files)].join(', ')} (a secret, masked everywhere)`;
  }
  if (!document.root || name === undefined) return undefined;
  const definitions = variableDefinitions(document.root).filter((definition) => definition.name === name);
  if (definitions.length > 0)
    return definitions.map((d) => `\`$${name}\`: ${d.origin}, line ${d.loc.line}`).join('\n\n');
  const environment = document.project?.environment;
  if (environment && Object.hasOwn(environment.variables, name))
    return `\`$${name}\`: a variable of environment ${environment.name}`;
  return undefined;
}

function markdown(value: string, line: number, start: number, end: number): Hover {
  return {
    contents: { kind: MarkupKind.Markdown, value },
    range: { start: { line, character: start }, end: { line, character: end } },
  };
}
