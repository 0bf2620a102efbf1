/**
 * Characters XML 1.0 forbids anywhere (its `Char` production): C0 controls other than tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. A parser rejects the whole report over one of them,
 * and a response body can hold anything, so they are dropped rather than escaped (no escape makes them legal).
 */
const ILLEGAL_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripIllegalXmlChars(text: string): string {
  return text.replace(ILLEGAL_XML_CHARS, '');
}

const TEXT_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  // A parser turns a literal CR (and CRLF) into LF; the reference keeps the text as it was.
  '\r': '&#13;',
};

/** Element content: `>` is escaped too, so `]]>` can never appear. */
export function escapeXmlText(text: string): string {
  return stripIllegalXmlChars(text).replace(/[&<>\r]/g, (char) => TEXT_ENTITIES[char] ?? char);
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  ...TEXT_ENTITIES,
  '"': '&quot;',
  "'": '&apos;',
  // Attribute-value normalisation turns literal whitespace characters into spaces; references survive.
  '\n': '&#10;',
  '\t': '&#9;',
};

/** A double-quoted attribute value. */
export function escapeXmlAttribute(text: string): string {
  return stripIllegalXmlChars(text).replace(/[&<>"'\r\n\t]/g, (char) => ATTRIBUTE_ENTITIES[char] ?? char);
}
