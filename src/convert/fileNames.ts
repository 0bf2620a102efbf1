/**
 * File and folder names that importers make from names in the imported file (a Postman folder, an
 * `operationId`), safe on every file system a workspace may be checked out on: at most MAX_NAME_BYTES of UTF-8
 * (file systems stop at 255 bytes, and Windows paths at 260 characters in all), no Windows device name
 * (`con`, `nul`, `com1`), and unique within a folder ignoring case (macOS and Windows do). The full name stays in
 * the scenario; only the file is named short.
 */
import { createHash } from 'node:crypto';

/** Room is left for what importers add around a name: `_` before, `-2` and `-200.json` after. */
const MAX_NAME_BYTES = 80;

const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * `name` cut to MAX_NAME_BYTES with a short hash of the whole name, so two long names that share a beginning
 * stay apart; a Windows device name gets `-file` after it. `name` is already made of safe characters.
 */
export function fitFileName(name: string): string {
  let fitted = name;
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
    const hash = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 8);
    let cut = '';
    for (const char of name) {
      if (Buffer.byteLength(`${cut}${char}`, 'utf8') > MAX_NAME_BYTES - hash.length - 1) break;
      cut += char;
    }
    fitted = `${cut.replace(/[-_.\s]+$/, '')}-${hash}`;
  }
  return DEVICE_NAMES.test(fitted.replace(/\..*$/, '')) ? `${fitted}-file` : fitted;
}

/** Names handed out in one folder: the second `Users` (or `users`) becomes `users-2`. */
export class FolderNames {
  readonly #taken = new Set<string>();

  take(name: string): string {
    const base = fitFileName(name);
    let candidate = base;
    for (let n = 2; this.#taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    this.#taken.add(candidate.toLowerCase());
    return candidate;
  }
}
