import { CONFIG_YAML } from './configFile.js';
import { LOCAL_CREDENTIALS_YAML, LOCAL_ENVIRONMENT_YAML } from './environmentFiles.js';
import { EXAMPLE_SCENARIOS } from './exampleScenarios.js';
import { ASSETS_README, RUNNER_GITIGNORE, TOKEN_SCHEMA_YAML, USER_SCHEMA_YAML } from './supportFiles.js';

export interface ScaffoldFile {
  /** Relative to the project root, with `/` separators. */
  path: string;
  content: string;
}

/**
 * The workspace `runner init` creates (SPEC, "Workspace layout"), as data: configuration, one `local`
 * environment and its credentials, example scenarios and schemas, the scenario JSON Schema for editors.
 */
export function scaffoldFiles(options: { scenarioJsonSchema: string }): ScaffoldFile[] {
  return [
    { path: '.runner/config.yaml', content: CONFIG_YAML },
    { path: '.runner/.gitignore', content: RUNNER_GITIGNORE },
    { path: '.runner/environments/local.yaml', content: LOCAL_ENVIRONMENT_YAML },
    { path: '.runner/credentials/local.yaml', content: LOCAL_CREDENTIALS_YAML },
    { path: '.runner/scenario.schema.json', content: options.scenarioJsonSchema },
    ...Object.entries(EXAMPLE_SCENARIOS).map(([name, content]) => ({
      path: `.runner/tests/${name}`,
      content,
    })),
    { path: '.runner/schemas/user.yaml', content: USER_SCHEMA_YAML },
    { path: '.runner/schemas/auth/token.yaml', content: TOKEN_SCHEMA_YAML },
    { path: 'assets/README.md', content: ASSETS_README },
  ];
}
