/**
 * The JSONPath and XPath engines, loaded on first need (STYLE.md: heavy modules stay out of start-up). Callers
 * that may meet a `$...` or `xpath(...)` key await `loadQueryEngines` first (the engine per step, `validate`
 * per file); evaluation itself stays synchronous.
 */
import type { PathSegment } from '../../expressions/path.js';
import type { SubjectQuery } from './subjectQuery.js';

/**
 * A JSONPath expression compiled once: the names and indexes of a singular query (undefined for any other
 * query) and the query itself, or why the expression does not parse and where (an offset into it).
 */
export type CompiledJsonPath =
  | { singular: PathSegment[] | undefined; query(document: unknown): unknown[] }
  | { error: string; offset: number };

/** RFC 9535 JSONPath (json-p3). */
export interface JsonPathEngine {
  compile(expression: string): CompiledJsonPath;
}

/** The value objects of the `xpath` package; only their kind and value are read. */
export interface XPathValue {
  stringValue(): string;
  numberValue(): number;
  booleanValue(): boolean;
}

export interface XPathNodeSet extends XPathValue {
  toArray(): XmlNode[];
}

/** The DOM node fields read from an XPath node-set. */
export interface XmlNode {
  nodeType: number;
  nodeValue: string | null;
  textContent: string | null;
  value?: string;
}

export interface XPathEngine {
  /** Throws on a syntax error. */
  parse(expression: string): {
    evaluate(options: { node: unknown; isHtml: boolean; namespaces: Record<string, string> }): XPathValue;
  };
  isNodeSet(value: XPathValue): value is XPathNodeSet;
  isNumber(value: XPathValue): boolean;
  isBoolean(value: XPathValue): boolean;
  /** Parses a body; throws with the parser's message when it is not well-formed XML. */
  parseDocument(text: string, html: boolean): XmlDocumentView;
}

/** A parsed document, with the namespace prefixes it declares (Hurl's convention: `_` is the first default). */
export interface XmlDocumentView {
  document: unknown;
  namespaces: Record<string, string>;
}

let jsonPath: JsonPathEngine | undefined;
let xpath: XPathEngine | undefined;

export function jsonPathEngine(): JsonPathEngine | undefined {
  return jsonPath;
}

export function xpathEngine(): XPathEngine | undefined {
  return xpath;
}

async function loadJsonPath(): Promise<JsonPathEngine> {
  return (await import('./jsonPathEngine.js')).createJsonPathEngine();
}

async function loadXPathEngine(): Promise<XPathEngine> {
  return (await import('./xpathEngine.js')).createXPathEngine();
}

function needs(query: SubjectQuery, kind: 'jsonpath' | 'xpath'): boolean {
  if (query.kind === kind) return true;
  return query.kind === 'call' && needs(query.argument, kind);
}

/** Loads the engines any of `queries` needs; cheap when they are loaded or not needed. */
export async function loadQueryEngines(queries: Iterable<SubjectQuery>): Promise<void> {
  let wantJsonPath = false;
  let wantXPath = false;
  for (const query of queries) {
    wantJsonPath ||= jsonPath === undefined && needs(query, 'jsonpath');
    wantXPath ||= xpath === undefined && needs(query, 'xpath');
  }
  if (wantJsonPath) jsonPath = await loadJsonPath();
  if (wantXPath) xpath = await loadXPathEngine();
}

/**
 * Loads the engines a scenario's text may need for `validate` to check JSONPath and XPath syntax. A cheap look
 * at the text: `xpath(` or a `$` followed by `.` or `[` (JSONPath keys; `$name` variables never match).
 */
export async function loadQueryEnginesFor(text: string): Promise<void> {
  const wantXPath = xpath === undefined && /xpath\s*\(/.test(text);
  const wantJsonPath = jsonPath === undefined && /\$\s*[.[]/.test(text);
  if (wantJsonPath) jsonPath = await loadJsonPath();
  if (wantXPath) xpath = await loadXPathEngine();
}
