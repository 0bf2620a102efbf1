import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runCli, tempWorkspace, type CliRun } from './cli.js';

export interface FileWorkspace {
  dir: string;
  /** Writes (or replaces) a file, relative to the project root. */
  write(path: string, content: string): Promise<void>;
  /** Every file under `.runner/reports/latest/` as text (report.json, report.html, junit.xml...). */
  latestReports(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

/** A workspace made of the given files (relative paths) and nothing else. */
export async function fileWorkspace(files: Record<string, string>): Promise<FileWorkspace> {
  const { dir, cleanup } = await tempWorkspace();
  const write = async (path: string, content: string) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  };
  for (const [path, content] of Object.entries(files)) await write(path, content);
  return {
    dir,
    write,
    async latestReports() {
      const latest = join(dir, '.runner/reports/latest');
      const out: Record<string, string> = {};
      for (const name of await readdir(latest).catch(() => [])) {
        out[name] = await readFile(join(latest, name), 'utf8').catch(() => '');
      }
      return out;
    },
    cleanup,
  };
}

/** Writes `.runner/tests/<name>.yaml` in the workspace at `dir` and returns its path. */
export async function writeScenario(dir: string, name: string, yaml: string): Promise<string> {
  const file = join(dir, '.runner/tests', `${name}.yaml`);
  await writeFile(file, yaml);
  return file;
}

/** Writes `.runner/tests/<name>.yaml` in the workspace and runs it with the built CLI, environment `local`. */
export async function runScenario(
  workspace: FileWorkspace,
  name: string,
  yaml: string,
  ...args: string[]
): Promise<CliRun> {
  await workspace.write(`.runner/tests/${name}.yaml`, yaml);
  return runCli(['run', `.runner/tests/${name}.yaml`, '-e', 'local', ...args], { cwd: workspace.dir });
}
