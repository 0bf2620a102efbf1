// The public face of src/mcp: the `runner mcp` tool server (Model Context Protocol, official SDK). Only
// src/cli/commands/mcp.ts imports it, so the SDK loads for `runner mcp` alone.
export { createRunnerMcpServer, type RunnerMcpOptions } from './server.js';
export { serveStdio } from './serveStdio.js';
