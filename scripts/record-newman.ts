/**
 * Records what Newman sends for each collection of test/fixtures/postman-collections into its `newman.json`,
 * which test/e2e/postmanWire.test.ts compares with what `runner run` of the imported collection sends.
 * Newman is not a dependency of the project (issue 15: the comparison is recorded once into fixtures); install
 * it anywhere outside the repository and name that directory. Never run by CI. See the README next to the
 * fixtures for the command line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  comparable,
  localCopies,
  readPostmanCorpus,
  replyFor,
  type NewmanRecording,
} from '../test/support/postmanCorpus.js';
import { startRecordingServers } from '../test/support/recordingServer.js';

interface NewmanRunOptions {
  collection: string;
  environment?: string;
  reporters: string[];
  workingDir: string;
}

interface Newman {
  run(options: NewmanRunOptions, done: (error: Error | null) => void): void;
}

const [prefix, ...only] = process.argv.slice(2);
if (prefix === undefined) {
  process.stderr.write('usage: record-newman <directory newman is installed in> [collection id...]\n');
  process.exit(2);
}
// Loaded by path from where it was installed, never from this project's dependencies.
const newmanDir = join(resolve(prefix), 'node_modules', 'newman');
const require = createRequire(import.meta.url);
const newman = require(newmanDir) as Newman;
const version = (require(join(newmanDir, 'package.json')) as { version: string }).version;

// Run from the repository's root: the bundled script cannot find the fixtures from its own location.
for (const entry of await readPostmanCorpus(resolve('test/fixtures/postman-collections'))) {
  if (only.length > 0 && !only.includes(entry.id)) continue;
  const servers = await startRecordingServers(1, replyFor(entry));
  const port = servers.ports[0] ?? 0;
  const dir = await mkdtemp(join(tmpdir(), 'record-newman-'));
  try {
    const copies = await localCopies(entry, port);
    await writeFile(join(dir, 'collection.json'), copies.collection);
    if (copies.environment !== undefined) await writeFile(join(dir, 'environment.json'), copies.environment);
    await new Promise<void>((done, fail) =>
      newman.run(
        {
          collection: join(dir, 'collection.json'),
          ...(copies.environment !== undefined ? { environment: join(dir, 'environment.json') } : {}),
          reporters: [],
          workingDir: dir,
        },
        (error) => (error ? fail(error) : done()),
      ),
    );
    const recording: NewmanRecording = {
      newman: version,
      requests: servers.requests(0).map((request) => comparable(request, port)),
    };
    await writeFile(join(entry.dir, 'newman.json'), `${JSON.stringify(recording, null, 2)}\n`);
    process.stdout.write(`${entry.id}: ${recording.requests.length} requests\n`);
  } finally {
    await servers.close();
    await rm(dir, { recursive: true, force: true });
  }
}
