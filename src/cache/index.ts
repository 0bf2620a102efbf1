export type { CacheErrorCode } from './cacheError.js';
export type { CacheConnections, CacheQuery, CacheReadCommand, CacheReply } from './cacheTypes.js';
export {
  createCacheConnections,
  type CacheConnectionOptions,
  type CacheConnectionPool,
} from './cacheConnections.js';
