/**
 * What the cache client is asked and answers. The engine depends on these types (as it depends on src/http's
 * HttpClient), so there is one definition of each.
 */

/** The only commands a cache step can send (SPEC, `cache` object): all of them read, none writes. */
export type CacheReadCommand = 'get' | 'exists' | 'ttl' | 'hgetall';

export interface CacheQuery {
  /** The connection's name in the environment file, for messages and to reuse its connection. */
  connection: string;
  /** The connection's URL with variables filled in. */
  url: string;
  command: CacheReadCommand;
  key: string;
  /** Ends the query at once (an interrupt): the connection is dropped, as after a timeout. */
  signal?: AbortSignal;
}

/** The server's answer as Redis gives it; the engine turns it into `cache.exists`, `cache.value`, `cache.ttl`. */
export type CacheReply =
  | { command: 'get'; value: string | null }
  | { command: 'exists'; count: number }
  | { command: 'ttl'; seconds: number }
  | { command: 'hgetall'; fields: Record<string, string> };

/** Sends the read commands of cache steps; throws with a readable message (never the password). */
export interface CacheConnections {
  run(query: CacheQuery): Promise<CacheReply>;
}
