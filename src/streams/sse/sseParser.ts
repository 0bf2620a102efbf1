// eventsource-parser, in a module of its own so the sse driver loads it on first use (`await
// import('./sseParser.js')`), the way src/cache/redisClient.ts loads its package.
export { createParser } from 'eventsource-parser';
