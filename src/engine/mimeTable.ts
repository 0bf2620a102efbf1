// The maintained MIME table (mime-types), in a module of its own so that multipart.ts can load it on the first
// upload (`await import('./mimeTable.js')`) while the CommonJS package is imported statically, which gives its
// named exports in every bundle layout (see src/cache/redisClient.ts).
export { lookup } from 'mime-types';
