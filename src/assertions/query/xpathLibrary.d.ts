import type { XPathValue } from './queryEngines.js';

/** The parts of the `xpath` package that xpathEngine.ts uses (see xpathLibrary.js for why they are declared here). */
export interface XPathLibrary {
  parse(expression: string): {
    evaluate(options: { node: unknown; isHtml: boolean; namespaces: Record<string, string> }): XPathValue;
  };
  XNodeSet: abstract new () => unknown;
  XNumber: abstract new () => unknown;
  XBoolean: abstract new () => unknown;
}

declare const xpath: XPathLibrary;
export default xpath;
