/**
 * The XPath 1.0 engine (`xpath`) over documents parsed by `@xmldom/xmldom`. HTML bodies are parsed in xmldom's
 * HTML mode and queried with `isHtml`, so `//h1` finds `<h1>` without a namespace prefix. This module imports
 * both packages statically (`xpath` through xpathLibrary.js) and is itself loaded on first need (queryEngines.ts, as src/cache/redisClient.ts).
 */
import { DOMParser } from '@xmldom/xmldom';
import type { XPathEngine, XPathNodeSet, XmlDocumentView } from './queryEngines.js';
import library from './xpathLibrary.js';

interface XmlElementView {
  attributes?: { length: number; item(index: number): { name: string; value: string } | null };
  childNodes?: { length: number; item(index: number): XmlElementView | null };
  nodeType: number;
}

const ELEMENT_NODE = 1;

/** Every `xmlns:p` the document declares, and `_` for the first default namespace (Hurl does the same). */
function declaredNamespaces(root: XmlElementView | null): Record<string, string> {
  const namespaces: Record<string, string> = Object.create(null) as Record<string, string>;
  const stack: XmlElementView[] = root === null ? [] : [root];
  let visited = 0;
  // Declarations sit near the top in practice; a bound keeps a huge document cheap.
  while (stack.length > 0 && visited++ < 10_000) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const attributes = node.attributes;
    for (let i = 0; attributes !== undefined && i < attributes.length; i++) {
      const attribute = attributes.item(i);
      if (attribute === null) continue;
      if (attribute.name.startsWith('xmlns:')) namespaces[attribute.name.slice(6)] ??= attribute.value;
      else if (attribute.name === 'xmlns' && attribute.value !== '') namespaces._ ??= attribute.value;
    }
    const children = node.childNodes;
    for (let i = (children?.length ?? 0) - 1; i >= 0; i--) {
      const child = children?.item(i);
      if (child) stack.push(child);
    }
  }
  return namespaces;
}

export function createXPathEngine(): XPathEngine {
  return {
    parse: (expression) => library.parse(expression),
    isNodeSet: (value): value is XPathNodeSet => value instanceof library.XNodeSet,
    isNumber: (value) => value instanceof library.XNumber,
    isBoolean: (value) => value instanceof library.XBoolean,
    parseDocument(text: string, html: boolean): XmlDocumentView {
      const errors: string[] = [];
      const parser = new DOMParser({
        onError: (level, message) => {
          if (level !== 'warning') errors.push(message.trim());
        },
      });
      const document = parser.parseFromString(text, html ? 'text/html' : 'text/xml');
      if (!html && errors.length > 0) throw new Error(errors[0]);
      const root = document.documentElement as unknown as XmlElementView | null;
      return { document, namespaces: declaredNamespaces(root) };
    },
  };
}
