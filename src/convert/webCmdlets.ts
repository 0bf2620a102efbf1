/**
 * PowerShell's own HTTP cmdlets, which browsers write for "Copy as PowerShell" and Windows PowerShell 5.1
 * runs for a bare `curl`: their requests (default headers, body encodings, the web session's cookies) are
 * not curl's, so a text that uses them is refused by name (exit 2) rather than converted approximately.
 */
import { conversionError } from './conversionError.js';

/**
 * The cmdlets' names wherever a word starts; their short aliases only where a line starts, or as the value of
 * an assignment (`$r = irm ...`), since `iwr` could be any text in a body.
 */
const CMDLET = /(?:^|[\s;|(=&])(Invoke-WebRequest|Invoke-RestMethod)(?![\w-])/im;
const ALIAS = /(?:^|\$\w+[ \t]*=)[ \t]*(?:&[ \t]*)?(iwr|irm)(?![\w-])/im;

/** Parameters of Invoke-WebRequest that no curl option is spelled like. */
const CMDLET_PARAMETERS = new Set(
  ['-Uri', '-Method', '-Headers', '-Body', '-ContentType', '-UseBasicParsing', '-WebSession', '-InFile'].map(
    (name) => name.toLowerCase(),
  ),
);

const HINT =
  'in the browser, use "Copy as cURL (bash)" instead of "Copy as PowerShell", or write the request with `curl.exe`';

export function refuseWebCmdlets(text: string): void {
  const cmdlet = CMDLET.exec(text)?.[1] ?? ALIAS.exec(text)?.[1];
  if (cmdlet === undefined) return;
  throw conversionError(
    'powershell-cmdlet',
    `\`${cmdlet}\` is a PowerShell cmdlet, not curl: it cannot be converted`,
    {
      hint: HINT,
    },
  );
}

/** `curl -Uri ... -Method POST`: in Windows PowerShell 5.1, `curl` is an alias of Invoke-WebRequest. */
export function refuseCurlAlias(words: readonly string[]): void {
  const parameter = words.slice(1).find((word) => CMDLET_PARAMETERS.has(word.toLowerCase()));
  if (parameter === undefined || /\.exe$/i.test(words[0] ?? '')) return;
  throw conversionError(
    'powershell-cmdlet',
    `\`curl ${parameter}\` is Invoke-WebRequest (Windows PowerShell's \`curl\` alias), not curl: it cannot be converted`,
    { hint: HINT },
  );
}
