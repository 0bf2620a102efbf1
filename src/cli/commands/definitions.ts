import { loadCommand } from './loadDefinition.js';

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
  name:
    | 'init'
    | 'demo'
    | 'run'
    | 'validate'
    | 'schema'
    | 'mcp'
    | 'lsp'
    | 'convert'
    | 'report'
    | 'openapi'
    | 'import'
    | 'load';
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

const BASE_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'init',
    summary:
      'Create a .runner/ workspace here for your API (a local environment and a health check); never overwrites',
    positionals: [],
    options: [
      {
        name: 'base-url',
        type: 'string',
        placeholder: 'url',
        description:
          "your API's base URL, written to .runner/environments/local.yaml; default: http://localhost:8080 (with --demo: http://localhost:4010)",
      },
      {
        name: 'demo',
        type: 'boolean',
        description:
          'write the example scenarios, schemas and credentials of the demo API (`runner demo`) instead',
      },
      {
        name: 'add-missing',
        type: 'boolean',
        description:
          'in a workspace that exists: write the files of the scaffold that are missing (deleted ones too); never overwrites',
      },
    ],
    examples: [
      'runner init --base-url http://localhost:3000',
      'runner init --demo',
      'runner init --add-missing',
    ],
  },
  {
    name: 'demo',
    summary:
      'Start the demo API that `runner init --demo` tests, on port 4010 (or a free port when 4010 is taken)',
    positionals: [],
    options: [
      {
        name: 'port',
        short: 'p',
        type: 'string',
        placeholder: 'port',
        description: 'listen on this port (0: any free one); default: 4010, or a free port when it is taken',
      },
    ],
    examples: ['runner demo', 'runner demo --port 5000'],
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
          'write reports: html, json, junit, ctrf, github or a comma-separated list; default: reports.format in config.yaml (github is added in GitHub Actions)',
      },
      {
        name: 'report-raw',
        type: 'boolean',
        description: 'write the JSON report without masking (HTML, JUnit and cURL text stay masked)',
      },
      {
        name: 'coverage',
        type: 'boolean',
        description:
          'API coverage against config `openapi:`: a table after the run, coverage.json in the run directory, a section of report.html',
      },
      {
        name: 'watch',
        short: 'w',
        type: 'boolean',
        description:
          'run, then re-run what each saved change affects; Enter: run all, f: run the failed, q: quit',
      },
      {
        name: 'jobs',
        short: 'j',
        type: 'string',
        placeholder: 'N',
        description:
          'run up to N scenario executions at once, output grouped per scenario; default: run.jobs in config.yaml, else 1',
      },
      {
        name: 'bail',
        type: 'boolean',
        description:
          'start no more scenarios after the first failure (those running finish; the rest are not run)',
      },
      {
        name: 'shard',
        type: 'string',
        placeholder: 'i/n|auto',
        description:
          'run only shard i of n (files in sorted order, every n-th from the i-th); auto: from the CI variables',
      },
      {
        name: 'var',
        type: 'string',
        multiple: true,
        placeholder: 'name=value',
        description: 'set a variable over every other scope (set and saved values too); repeatable',
      },
      {
        name: 'grep',
        type: 'string',
        placeholder: 'text',
        description: 'only scenarios whose name contains the text (any case), or matches /regex/flags',
      },
      {
        name: 'to-step',
        type: 'string',
        placeholder: 'N',
        description:
          'run the main steps of each scenario up to the N-th (1-based); setup and teardown still run (like Hurl --to-entry)',
      },
      {
        name: 'list',
        type: 'boolean',
        description: 'print the scenario executions that would run, and send nothing',
      },
      {
        name: 'quiet',
        short: 'q',
        type: 'boolean',
        description: 'print only failed steps (with their scenario) and the summary',
      },
      {
        name: 'insecure',
        type: 'boolean',
        description: 'accept TLS certificates that do not verify, like http.insecure',
      },
      {
        name: 'timeout',
        type: 'string',
        placeholder: 'duration',
        description:
          "default request timeout, such as 5s (over http.timeout; a step's own timeout still wins)",
      },
      {
        name: 'resolve',
        type: 'string',
        multiple: true,
        placeholder: 'host:port:address',
        description:
          'connect to host:port at this address (TLS still checks the host name), like curl; wins over http.resolve',
      },
    ],
    examples: [
      'runner run',
      'runner run users.yaml --env staging',
      'runner run --tag smoke --tag fast',
      'runner run --report html,junit',
      'runner run --watch',
      'runner run --jobs 8 --bail',
      'runner run --shard 2/4 --report json',
      'runner run --grep login --var userId=42 --list',
      'runner run --resolve api.example.com:443:127.0.0.1',
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
  {
    name: 'convert',
    summary:
      'Turn a cURL command into a scenario (secrets become variables), or a scenario into cURL commands',
    positionals: [
      {
        name: 'command',
        description:
          'the cURL command in quotes, `-` to read it from stdin, or the words after `--`; with --to curl: scenario files',
        variadic: true,
      },
    ],
    options: [
      {
        name: 'to',
        type: 'string',
        placeholder: 'format',
        description: '`curl`: print one cURL command per request step of the given scenario files',
      },
      {
        ...envOption,
        description:
          'environment whose baseUrl and services make URLs relative (cURL to scenario), or whose variables and credentials fill them in (--to curl)',
      },
      {
        name: 'raw',
        type: 'boolean',
        description: 'with --to curl: show credentials and sensitive values instead of [MASKED]',
      },
    ],
    examples: [
      'runner convert \'curl https://api.example.test/users -H "Accept: application/json"\'',
      'pbpaste | runner convert - > .runner/tests/users.yaml',
      'runner convert -- curl -X POST https://api.example.test/users --json \'{"name":"Ada"}\'',
      'runner convert --to curl users.yaml --env staging',
    ],
  },
  {
    name: 'report',
    summary:
      'Merge the reports of many runs (CI shards) into one, in every format; exit 1 when a merged step failed',
    positionals: [
      { name: 'action', description: '`merge`: one run from the reports given' },
      {
        name: 'inputs',
        description:
          'run directories (holding report.json or load.json, such as latest/), report.json or load.json files',
        variadic: true,
      },
    ],
    options: [
      {
        name: 'out',
        short: 'o',
        type: 'string',
        placeholder: 'dir',
        description: 'the directory the merged reports are written to (created when missing)',
      },
      {
        name: 'report',
        short: 'r',
        type: 'string',
        placeholder: 'formats',
        description:
          'html, json, junit, ctrf, github or a comma-separated list; default: json (github is added in GitHub Actions)',
      },
    ],
    examples: [
      'runner report merge shard-1/latest shard-2/latest --out merged',
      'runner report merge reports/*/report.json --out merged --report json,html,junit,ctrf',
    ],
  },
  {
    name: 'openapi',
    summary:
      'Import an OpenAPI 3.0/3.1 document: one scenario per operation, with its success status and response schema',
    positionals: [
      { name: 'action', description: '`import`' },
      { name: 'file', description: 'the OpenAPI document (YAML or JSON), relative to the current directory' },
    ],
    options: [
      {
        name: 'out',
        type: 'string',
        placeholder: 'dir',
        description:
          'directory for the scenarios; default: openapi/ in the tests directory (schemas go to openapi/ in the schemas directory)',
      },
      {
        ...envOption,
        description:
          'environment whose baseUrl decides whether URLs keep the server path (such as /v1); default: environments.default',
      },
    ],
    examples: [
      'runner openapi import api/openapi.yaml',
      'runner openapi import api/openapi.yaml --out .runner/tests/api',
    ],
  },
  {
    name: 'import',
    summary:
      'Import a Postman collection (v2.1, v2.0, v1) or a HAR recording as scenarios, with environment and credentials files',
    positionals: [
      { name: 'source', description: '`postman` or `har`' },
      { name: 'file', description: 'the collection (.json) or the recording (.har)' },
    ],
    options: [
      {
        name: 'environment',
        type: 'string',
        placeholder: 'env.json',
        description:
          'with postman: an exported Postman environment, whose values join the collection variables',
      },
      {
        name: 'out',
        type: 'string',
        placeholder: 'dir',
        description:
          'where the scenarios go; default: a directory named after the import in the tests directory',
      },
      {
        name: 'env-name',
        type: 'string',
        placeholder: 'name',
        description:
          "the name of the environment and credentials files written; default: the Postman environment's, collection's or recording's name. An existing file is never overwritten: <name>-2 is used",
      },
    ],
    examples: [
      'runner import postman shop.postman_collection.json --environment staging.postman_environment.json',
      'runner import postman shop.postman_collection.json --env-name shop',
      'runner import har session.har --out .runner/tests/recorded',
    ],
  },
  {
    name: 'mcp',
    summary:
      'Serve the Model Context Protocol over stdio: tools for AI assistants to list, check and run scenarios',
    positionals: [],
    options: [
      {
        name: 'cwd',
        type: 'string',
        placeholder: 'dir',
        description:
          'the project directory to serve (for MCP clients that cannot set one); default: the current one',
      },
    ],
    examples: ['runner mcp', 'runner mcp --cwd /path/to/project'],
  },
  {
    name: 'lsp',
    summary:
      "Serve the Language Server Protocol over stdio: validate's problems as you type, completion, hover, go to definition",
    positionals: [],
    options: [
      {
        ...envOption,
        description:
          'environment whose services, cache connections and variables are checked and offered; default: environments.default (an editor may choose another)',
      },
    ],
    examples: ['runner lsp', 'runner lsp --env staging'],
  },
];

/** The options of `runner run` that `runner load` takes unchanged. */
const LOAD_SHARED_OPTIONS = ['env', 'tag', 'grep', 'var', 'insecure', 'timeout', 'resolve'];

function runOptionsNamed(names: readonly string[]): OptionDefinition[] {
  const run = BASE_COMMANDS.find((command) => command.name === 'run')!;
  return names.map((name) => run.options.find((option) => option.name === name)!);
}

/** Every command, `load` after `report` (its merge takes load.json files too). */
export const COMMANDS: readonly CommandDefinition[] = BASE_COMMANDS.flatMap((command) =>
  command.name === 'report' ? [command, loadCommand(runOptionsNamed(LOAD_SHARED_OPTIONS))] : [command],
);
