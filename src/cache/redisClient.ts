// The official Redis client, in a module of its own so that redisConnection.ts can load it on first use
// (`await import('./redisClient.js')`) while `redis`, a CommonJS package, is imported statically: only a
// static import gives a CommonJS package's named exports in every bundle layout.
export { createClient } from 'redis';
