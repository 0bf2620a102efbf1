// The `xpath` package, handed on by a plain module. Its own typings reference the DOM library
// (`/// <reference lib="dom" />`), which would give the whole Node program browser types (a different
// URLSearchParams, `window`, `document`); xpathLibrary.d.ts declares the few parts xpathEngine.ts uses.
import xpath from 'xpath';

export default xpath;
