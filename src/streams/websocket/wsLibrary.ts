// The `ws` client, in a module of its own so the websocket driver loads it on first use (`await
// import('./wsLibrary.js')`) while the CommonJS package is imported statically (see src/cache/redisClient.ts).
export { WebSocket } from 'ws';
