/** Longest name kept: two names and a timestamp in one snapshot file name stay under the common 255-byte limit. */
const MAX_LENGTH = 80;

/** Names Windows refuses for a file whatever the extension (`con.json` too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A piece of a file name made from free text (a scenario or step name), safe on Linux, macOS and Windows and
 * in CI artifact stores: letters lose their accents, anything but ASCII letters, digits, `.`, `_` and `-`
 * becomes `_` (runs of them one `_`), no leading or trailing `.`/`_`, at most 80 characters, never empty.
 * `Create user: "Ann"` becomes `Create_user_Ann`.
 */
export function safeFileName(text: string): string {
  const name = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/[._]+$/, '');
  if (name === '') return 'unnamed';
  return WINDOWS_RESERVED.test(name.split('.')[0] ?? '') ? `_${name}` : name;
}

/** How CI outputs name a step (CTRF tests, GitHub annotations): `<scenario> › <step>` (DECISIONS.md). */
export function stepTitle(scenario: string, step: string): string {
  return `${scenario} › ${step}`;
}
