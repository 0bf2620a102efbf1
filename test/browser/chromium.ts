/**
 * Starts the system's Chromium (Debian's `chromium` package) through playwright-core, which downloads no
 * browser of its own. When Chromium is missing or cannot start, the error says how to install it: a browser
 * test must fail loudly rather than skip.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM_PATH = process.env.RUNNER_CHROMIUM ?? '/usr/bin/chromium';

const INSTALL_HINT =
  'Install it with `apt-get install -y chromium` (Debian/Ubuntu; CI does the same), ' +
  'or point RUNNER_CHROMIUM at a Chromium or Chrome binary.';

/** Nothing reaches past loopback: no updates, sync, QUIC or background fetches of the browser itself. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumSession {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function startChromium(options: { width: number; height: number }): Promise<ChromiumSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium, and there is none at ${CHROMIUM_PATH}. ${INSTALL_HINT}`,
    );
  }
  // A fresh profile per run, so no stored theme or permission carries over between runs.
  const userDataDir = await mkdtemp(join(tmpdir(), 'runner-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ARGS,
      viewport: { width: options.width, height: options.height },
      colorScheme: 'light',
      timeout: 15_000,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start. ${INSTALL_HINT}\n${reason}`);
  }
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
