// Stamped by scripts/build.mjs (esbuild `define`); the fallbacks apply when running from source in tests.
declare const __RUNNER_VERSION__: string | undefined;
declare const __RUNNER_COMMIT__: string | undefined;
declare const __RUNNER_BUILD_DATE__: string | undefined;

export const buildInfo = {
  version: typeof __RUNNER_VERSION__ === 'string' ? __RUNNER_VERSION__ : '0.0.0-dev',
  commit: typeof __RUNNER_COMMIT__ === 'string' ? __RUNNER_COMMIT__ : 'unknown',
  builtAt: typeof __RUNNER_BUILD_DATE__ === 'string' ? __RUNNER_BUILD_DATE__ : new Date(0).toISOString(),
};

/** DECISIONS.md: `runner version v<semver> (commit: <hash>, built: <ISO date>, node <version>)`. */
export function versionLine(nodeVersion: string): string {
  return `runner version v${buildInfo.version} (commit: ${buildInfo.commit}, built: ${buildInfo.builtAt}, node ${nodeVersion})`;
}
