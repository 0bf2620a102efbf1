/**
 * `xpath(<expr>)`: an XPath 1.0 query over an XML or HTML body (DECISIONS, Wave 2). A node-set yields the
 * list of the nodes' string values; a string, number or boolean result yields itself.
 */
import { missing, type Resolved } from './resolved.js';
import { xpathEngine, type XPathEngine, type XmlDocumentView, type XmlNode } from './queryEngines.js';

const ATTRIBUTE_NODE = 2;

type Compiled = ReturnType<XPathEngine['parse']> | { error: string };
const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 1_000;

function compile(engine: XPathEngine, expression: string): Compiled {
  let result = compiled.get(expression);
  if (result === undefined) {
    try {
      result = engine.parse(expression);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result = { error: `invalid XPath \`${expression}\`: ${reason}` };
    }
    if (compiled.size < MAX_COMPILED) compiled.set(expression, result);
  }
  return result;
}

/** Why an XPath expression does not parse, or undefined when it does (for `validate`). */
export function xpathProblem(engine: XPathEngine, expression: string): string | undefined {
  const result = compile(engine, expression);
  return 'error' in result ? result.error : undefined;
}

/** The last body parsed: several `xpath(...)` checks on one response parse it once. */
let lastDocument: { text: string; html: boolean; view: XmlDocumentView | { error: string } } | undefined;

function documentOf(engine: XPathEngine, text: string, html: boolean): XmlDocumentView | { error: string } {
  if (lastDocument?.text === text && lastDocument.html === html) return lastDocument.view;
  let view: XmlDocumentView | { error: string };
  try {
    view = engine.parseDocument(text, html);
  } catch (error) {
    view = {
      error: `the body is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  lastDocument = { text, html, view };
  return view;
}

function stringValue(node: XmlNode): string {
  if (node.nodeType === ATTRIBUTE_NODE) return node.value ?? node.nodeValue ?? '';
  return node.textContent ?? node.nodeValue ?? '';
}

/** Runs `expression` on the body text; `html` when the content type says HTML. */
export function resolveXPath(expression: string, bodyText: string | undefined, html: boolean): Resolved {
  const engine = xpathEngine();
  if (engine === undefined) return missing('internal: the XPath engine was not loaded before the check');
  if (bodyText === undefined || bodyText.trim() === '')
    return missing('the response has no body to query with XPath');
  const query = compile(engine, expression);
  if ('error' in query) return missing(query.error);
  const view = documentOf(engine, bodyText, html);
  if ('error' in view) return missing(view.error);
  let value;
  try {
    value = query.evaluate({ node: view.document, isHtml: html, namespaces: view.namespaces });
  } catch (error) {
    return missing(
      `XPath \`${expression}\` failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (engine.isNodeSet(value)) return { found: true, value: value.toArray().map(stringValue) };
  if (engine.isNumber(value)) return { found: true, value: value.numberValue() };
  if (engine.isBoolean(value)) return { found: true, value: value.booleanValue() };
  return { found: true, value: value.stringValue() };
}
