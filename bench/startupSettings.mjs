// Shared by the benchmarks: settings that make every Node process start slower, whatever it runs.
// NODE_EXTRA_CA_CERTS makes Node read and parse a certificate bundle before any code runs (~55 ms per
// start on the machine in the READMEs), which hides most of what the benchmarks compare; NODE_OPTIONS
// could add flags or preloads to one side of a comparison.
const SETTINGS = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];

/** Removes them from this process's environment, which every measured command inherits; prints which. */
export function clearStartupSettings() {
  const cleared = SETTINGS.filter((name) => process.env[name] !== undefined);
  for (const name of cleared) delete process.env[name];
  if (cleared.length > 0) console.log(`cleared for every measured command: ${cleared.join(', ')}`);
}
