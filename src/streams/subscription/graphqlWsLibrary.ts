// graphql-ws's client, in a module of its own so the subscription driver loads it (and `ws`) on first use with
// `await import('./graphqlWsLibrary.js')`; plain HTTP runs and `--version` never read it.
export { createClient } from 'graphql-ws';
