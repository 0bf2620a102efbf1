import { configYaml } from './configFile.js';
import {
  DEMO_CREDENTIALS_YAML,
  demoEnvironmentYaml,
  LOCAL_CREDENTIALS_YAML,
  localEnvironmentYaml,
} from './environmentFiles.js';
import { EXAMPLE_SCENARIOS } from './exampleScenarios.js';
import { FIRST_SCENARIO } from './firstScenario.js';
import { ASSETS_README, RUNNER_GITIGNORE, TOKEN_SCHEMA_YAML, USER_SCHEMA_YAML } from './supportFiles.js';

export interface ScaffoldFile {
  /** Relative to the project root, with `/` separators. */
  path: string;
  content: string;
}

export interface ScaffoldOptions {
  scenarioJsonSchema: string;
  /** `config.yaml`'s `project.name`: the directory's name. */
  projectName: string;
  /** The `local` environment's baseUrl. */
  baseUrl: string;
  /** The demo API's scenarios, schemas and credentials instead of one health check of your API. */
  demo: boolean;
}

/**
 * The workspace `runner init` creates (SPEC, "Workspace layout"), as data: configuration, one `local`
 * environment and its credentials, the scenario JSON Schema for editors, and either one health check of
 * your API or (`--demo`) the demo API's example scenarios and schemas.
 */
export function scaffoldFiles(options: ScaffoldOptions): ScaffoldFile[] {
  const tests: [string, string][] = options.demo
    ? Object.entries(EXAMPLE_SCENARIOS)
    : [['health.yaml', FIRST_SCENARIO]];
  return [
    { path: '.runner/config.yaml', content: configYaml(options.projectName) },
    { path: '.runner/.gitignore', content: RUNNER_GITIGNORE },
    {
      path: '.runner/environments/local.yaml',
      content: options.demo ? demoEnvironmentYaml(options.baseUrl) : localEnvironmentYaml(options.baseUrl),
    },
    {
      path: '.runner/credentials/local.yaml',
      content: options.demo ? DEMO_CREDENTIALS_YAML : LOCAL_CREDENTIALS_YAML,
    },
    { path: '.runner/scenario.schema.json', content: options.scenarioJsonSchema },
    ...tests.map(([name, content]) => ({ path: `.runner/tests/${name}`, content })),
    ...(options.demo
      ? [
          { path: '.runner/schemas/user.yaml', content: USER_SCHEMA_YAML },
          { path: '.runner/schemas/auth/token.yaml', content: TOKEN_SCHEMA_YAML },
        ]
      : []),
    { path: 'assets/README.md', content: ASSETS_README },
  ];
}
