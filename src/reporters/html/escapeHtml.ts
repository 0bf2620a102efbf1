const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text from the run (labels, URLs, headers, bodies, messages) is data, never markup: every such string
 * goes through here, in element content and in double-quoted attributes alike.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * For element content only (never attributes): quotes stay as they are. Bodies use it, since JSON bodies
 * are mostly quotes and `&quot;` would make a large report much larger.
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => HTML_ESCAPES[char] ?? char);
}
