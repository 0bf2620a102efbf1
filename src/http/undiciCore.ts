/**
 * The parts of undici the runner uses: the Agent (keep-alive pools, HTTP/2, its `dispatch`) and the
 * connector. The package's index also loads fetch, WebSocket, caches, proxies, mocks and the stream-based
 * request API, which doubled the CLI's start-up time and bundle size (bench/startup). The test suite
 * exercises every part used here, so an undici upgrade that moves them fails loudly.
 */
import buildConnectorImpl from 'undici/lib/core/connect.js';
import AgentImpl from 'undici/lib/dispatcher/agent.js';

export const Agent = AgentImpl;
export const buildConnector = buildConnectorImpl;
