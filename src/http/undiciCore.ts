/**
 * The parts of undici the runner uses: the Agent (keep-alive pools, HTTP/2), its request API and the
 * connector. The package's index also loads fetch, WebSocket, caches, proxies and mocks, which doubled
 * the CLI's start-up time and bundle size (bench/startup); this is what its index does for these parts.
 * The test suite exercises every one of them, so an undici upgrade that moves them fails loudly.
 */
import api from 'undici/lib/api/index.js';
import buildConnectorImpl from 'undici/lib/core/connect.js';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';

Object.assign(Dispatcher.prototype, api);

export const Agent = AgentImpl;
export const buildConnector = buildConnectorImpl;
