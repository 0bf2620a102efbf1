// The public face of src/lsp: the language server for editors (`runner lsp`).
export { serveLanguageServer, type LanguageServerOptions } from './server.js';
