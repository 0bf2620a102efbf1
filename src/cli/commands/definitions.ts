/**
 * Every command and option, declared once as data: it feeds argument parsing, `--help` and the README's
 * command reference (STYLE.md: Vitest's CLI options as data).
 */
export interface OptionDefinition {
  name: string;
  short?: string;
  type: 'string' | 'boolean';
  multiple?: boolean;
  placeholder?: string;
  description: string;
}

export interface PositionalDefinition {
  name: string;
  description: string;
  variadic?: boolean;
}

export interface CommandDefinition {
  name: 'init' | 'run' | 'validate' | 'schema';
  summary: string;
  positionals: PositionalDefinition[];
  options: OptionDefinition[];
  examples: string[];
}

const envOption: OptionDefinition = {
  name: 'env',
  short: 'e',
  type: 'string',
  placeholder: 'name',
  description:
    'environment to use (.runner/environments/<name>.yaml); default: environments.default in config.yaml',
};

export const COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'init',
    summary: 'Create a .runner/ workspace here, with example scenarios, schemas and a local environment',
    positionals: [],
    options: [],
    examples: ['runner init'],
  },
  {
    name: 'run',
    summary: 'Run scenarios and print the result; exit 0 when all passed, 1 when a step failed',
    positionals: [
      {
        name: 'path',
        description:
          'a scenario file or directory (relative to the tests directory or the current one); default: all tests',
      },
    ],
    options: [
      envOption,
      {
        name: 'tag',
        short: 't',
        type: 'string',
        multiple: true,
        placeholder: 'tag',
        description: 'run only scenarios with this tag; repeat to require several (AND)',
      },
      {
        name: 'verbose',
        short: 'v',
        type: 'boolean',
        description: 'print request and response bodies, status text and saved variables (masked)',
      },
      {
        name: 'report',
        short: 'r',
        type: 'string',
        placeholder: 'formats',
        description:
          'write reports: html, json, junit or a comma-separated list; default: reports.format in config.yaml',
      },
      {
        name: 'report-raw',
        type: 'boolean',
        description: 'write the JSON report without masking (HTML, JUnit and cURL text stay masked)',
      },
    ],
    examples: [
      'runner run',
      'runner run users.yaml --env staging',
      'runner run --tag smoke --tag fast',
      'runner run --report html,junit',
    ],
  },
  {
    name: 'validate',
    summary: 'Check scenarios without running them; one line per problem, exit 1 when there are problems',
    positionals: [
      { name: 'paths', description: 'files or directories; default: the tests directory', variadic: true },
    ],
    options: [envOption],
    examples: ['runner validate', 'runner validate .runner/tests/users.yaml'],
  },
  {
    name: 'schema',
    summary: 'Print the JSON Schema of the scenario language (for editor autocompletion)',
    positionals: [],
    options: [],
    examples: ['runner schema > scenario.schema.json'],
  },
];
