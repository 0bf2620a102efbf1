import { escapeControlLines, escapeControls } from '../../diagnostics/terminalText.js';

/**
 * GitHub Actions workflow commands (`::error file=...::message`) as the runner reads them: a command is one
 * line, so line breaks in its message are written `%0A`/`%0D` and `%` itself `%25`; a property value also
 * may not hold the `:` that ends the properties or the `,` between them.
 */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * `::<name> k=v,k=v::message`, every part escaped; properties without a value are left out. Run text passes
 * the terminal boundary first (no control character, no command of its own), keeping the message's line
 * breaks, which GitHub shows.
 */
export function workflowCommand(
  name: 'error' | 'warning' | 'notice',
  properties: Record<string, string | number | undefined>,
  message: string,
): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeCommandProperty(escapeControls(String(value)))}`)
    .join(',');
  const text = escapeControlLines(message).join('\n');
  return `::${name}${props === '' ? '' : ` ${props}`}::${escapeCommandData(text)}`;
}
