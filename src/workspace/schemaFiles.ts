/** Response schemas under `schemas.path`: names are paths without extension (`users/list`). */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Workspace } from './types.js';

export interface SchemaFile {
  name: string;
  file: string;
}

const SCHEMA_FILE = /\.(ya?ml|json)$/;

export async function listSchemaFiles(workspace: Workspace): Promise<SchemaFile[]> {
  const root = workspace.config.schemas.path;
  const walk = async (dir: string): Promise<SchemaFile[]> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    const nested = await Promise.all(
      entries.map(async (entry): Promise<SchemaFile[]> => {
        const file = join(dir, entry.name);
        if (entry.isDirectory()) return walk(file);
        if (!entry.isFile() || !SCHEMA_FILE.test(entry.name)) return [];
        return [{ name: relative(root, file).split(sep).join('/').replace(SCHEMA_FILE, ''), file }];
      }),
    );
    return nested.flat();
  };
  return (await walk(root)).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
