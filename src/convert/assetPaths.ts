/**
 * Multipart files resolve inside `assets.path`, and a path that escapes it (`..`, absolute) is an error
 * (DECISIONS, Scenario language). A file path from a cURL command is relative to where curl ran, so it is
 * mapped into the assets folder, with a comment saying where the file has to go.
 */
import { addComment, type ConversionNotes } from './draftRequest.js';

/**
 * `assetsPrefix` is the assets folder relative to the current directory (`assets`), when a workspace is
 * known: a path under it loses the prefix. Other relative paths are kept; absolute ones and those with
 * `..` keep only their file name.
 */
export function assetPath(path: string, notes: ConversionNotes, assetsPrefix?: string): string {
  const slashed = path.replaceAll('\\', '/');
  const prefix = assetsPrefix?.replaceAll('\\', '/').replace(/\/+$/, '');
  if (prefix && slashed.startsWith(`${prefix}/`)) return slashed.slice(prefix.length + 1);
  const segments = slashed.split('/');
  const escapes = slashed.startsWith('/') || /^[a-z]:\//i.test(slashed) || segments.includes('..');
  if (!escapes) {
    addComment(
      notes,
      `multipart file paths are read from the assets folder (\`assets.path\`): put ${slashed} there`,
    );
    return slashed.replace(/^(\.\/)+/, '');
  }
  const name = segments[segments.length - 1] || 'file';
  addComment(notes, `copy ${path} into the assets folder (\`assets.path\`) as ${name}`);
  return name;
}
