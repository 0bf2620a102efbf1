// Starts server.mjs as a separate process (so the measured client shares nothing with it) and talks to it
// over the IPC channel: reset its counts, read how many requests each connection carried, stop it.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), 'server.mjs');
const ANSWER_TIMEOUT_MS = 10_000;

/** Waits for the next message of `type`, failing after ANSWER_TIMEOUT_MS or when the server dies. */
function nextMessage(child, type) {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message) => {
      if (message?.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code, signal) => {
      cleanup();
      reject(new Error(`the benchmark server exited (${code ?? signal}) while waiting for \`${type}\``));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the benchmark server did not answer \`${type}\` within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/**
 * @param {{ delayMs?: number }} [options] delayMs: the server holds every answer that long (default 0)
 * @returns {Promise<{ baseUrl: string, reset(): Promise<void>, requestsPerConnection(): Promise<number[]>, stop(): void }>}
 */
export async function startServer(options = {}) {
  const args = ['--delay-ms', String(options.delayMs ?? 0)];
  const child = fork(SERVER, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await nextMessage(child, 'listening');
  return {
    // By name, as users reach their APIs; the server listens on 127.0.0.1.
    baseUrl: `http://localhost:${port}`,
    async reset() {
      const answer = nextMessage(child, 'reset-done');
      child.send({ type: 'reset' });
      await answer;
    },
    async requestsPerConnection() {
      const answer = nextMessage(child, 'stats');
      child.send({ type: 'stats' });
      return (await answer).requestsPerConnection;
    },
    stop() {
      // Disconnecting makes the server close its sockets and exit on its own.
      if (child.connected) child.disconnect();
    },
  };
}
