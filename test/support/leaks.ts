// What masking canaries look for (test/e2e/masking-*.test.ts, auth-oauth2.test.ts): the forms a planted
// secret could take in an output, and every file a run wrote under a directory.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export function leakForms(value: string): string[] {
  return [
    value,
    encodeURIComponent(value),
    JSON.stringify(value).slice(1, -1),
    Buffer.from(value).toString('base64'),
    Buffer.from(value).toString('base64url'),
  ];
}

/** `<relative name>\n<text>` of every file under `root` (none when it does not exist). */
export async function filesUnder(root: string): Promise<string[]> {
  const texts: string[] = [];
  for (const name of await readdir(root, { recursive: true }).catch(() => [] as string[])) {
    const path = join(root, name);
    if ((await stat(path)).isFile()) texts.push(`${name}\n${await readFile(path, 'utf8')}`);
  }
  return texts;
}

/** The first leaked form of any planted secret, with what came before it; '' when nothing leaked. */
export function firstLeak(output: string, planted: readonly string[]): string {
  for (const secret of planted) {
    for (const form of leakForms(secret)) {
      const at = output.indexOf(form);
      if (at >= 0) return `leaked ${form}: ${output.slice(Math.max(0, at - 300), at + 50)}`;
    }
  }
  return '';
}
