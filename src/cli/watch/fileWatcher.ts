// chokidar (a maintained watcher using the operating system's file events, not polling), in a module of our
// own so that `run --watch` loads it on first use while the package is imported statically (see
// src/cache/redisClient.ts).
export { watch } from 'chokidar';
