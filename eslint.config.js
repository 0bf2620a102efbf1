// Lint rules, including the import boundaries of STYLE.md: a pure core that never touches I/O,
// an engine that reaches the world only through interfaces, and a CLI that alone may touch `process`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules that reach files, network, processes or threads; each is listed with and without `node:`. */
const NODE_IO_MODULES = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'tls',
  'dgram',
  'dns',
  'dns/promises',
  'child_process',
  'cluster',
  'worker_threads',
  'readline',
  'readline/promises',
];
const NODE_IO = NODE_IO_MODULES.flatMap((name) => [name, `node:${name}`]);
// The network clients bundled for stream, gRPC and cache steps are I/O as much as node:net is.
const NODE_IO_PATTERNS = ['ws', 'graphql-ws', 'graphql-ws/*', '@grpc/*', 'redis', '@redis/*'];

/** What the edges (the MCP server, the CLI) may use: everything below them. */
const BELOW_THE_EDGES = [
  'session',
  'workspace',
  'language',
  'expressions',
  'engine',
  'auth',
  'http',
  'cache',
  'streams',
  'spreadsheets',
  'reporters',
  'convert',
  'openapi',
  'masking',
  'diagnostics',
  'load',
];

/** Folders under src/ and the sibling folders each may import from. */
const BOUNDARIES = {
  diagnostics: [],
  expressions: ['diagnostics'],
  assertions: ['expressions', 'diagnostics'],
  masking: ['expressions', 'diagnostics'],
  language: ['expressions', 'assertions', 'diagnostics'],
  http: ['diagnostics'],
  cache: ['http', 'diagnostics'],
  // Stream step drivers (issue 25): connect through the HTTP client's sandbox, pins and TLS; the engine
  // loads each driver with import() when a step of its kind runs.
  streams: ['http', 'diagnostics'],
  spreadsheets: ['diagnostics'],
  workspace: ['language', 'expressions', 'diagnostics'],
  // Credentials for requests (issue 23): the engine calls it just before sending; it calls the HTTP client.
  auth: ['language', 'http', 'diagnostics'],
  engine: [
    'language',
    'expressions',
    'assertions',
    'auth',
    'http',
    'cache',
    'streams',
    'masking',
    'workspace',
    'diagnostics',
  ],
  // OpenAPI contracts and coverage (issue 16): the engine reaches them only through its ContractChecker
  // interface; the session loads them on demand.
  openapi: ['workspace', 'language', 'expressions', 'assertions', 'diagnostics'],
  convert: ['language', 'expressions', 'workspace', 'reporters', 'openapi', 'masking', 'diagnostics'],
  reporters: ['engine', 'language', 'expressions', 'assertions', 'masking', 'diagnostics'],
  session: [
    'workspace',
    'openapi',
    'language',
    'engine',
    'auth',
    'http',
    'cache',
    'spreadsheets',
    'reporters',
    'masking',
    'diagnostics',
  ],
  // Load mode (issue 26): runs plans as the session does, measures through the engine's events.
  load: ['session', 'engine', 'reporters', 'language', 'masking', 'diagnostics'],
  mcp: BELOW_THE_EDGES,
  // The language server (issue 27) is an edge like the MCP server; matcher names come from assertions/.
  lsp: [...BELOW_THE_EDGES, 'assertions'],
  cli: [...BELOW_THE_EDGES, 'mcp', 'lsp'],
};
const PURE = new Set(['diagnostics', 'expressions', 'assertions', 'masking', 'language']);

/** Relative specifiers that leave a file's folder (up to three levels deep) and enter src/<other>. */
function crossingInto(other) {
  return ['../', '../../', '../../../'].flatMap((up) => [`${up}${other}`, `${up}${other}/*`]);
}

// Issue 11, DECISIONS.md "Platform": only public, documented Node APIs. No vm launcher, no private Module
// internals, no V8 flags, no dependency's internal files, and built-ins loaded with static imports only
// (a dynamic import of a built-in is what broke host names under the old launcher).
const PUBLIC_NODE_ONLY = 'Only public Node APIs (DECISIONS.md, "Platform")';
const PLATFORM_PATHS = ['vm', 'node:vm'].map((name) => ({
  name,
  message: `${PUBLIC_NODE_ONLY}: no node:vm.`,
}));
// A dependency's own files below its public entries (`ws/lib/sender.js`, `undici/lib/core/connect.js`).
const PLATFORM_PATTERNS = [
  {
    group: ['*/lib/*', '@*/*/lib/*', '**/internal/*'],
    message: `${PUBLIC_NODE_ONLY}: import a dependency's public entry, not its internal files.`,
  },
];
const PLATFORM_SYNTAX = [
  {
    selector: 'ImportExpression[source.value=/^node:/]',
    message: `${PUBLIC_NODE_ONLY}: import Node built-ins statically.`,
  },
  {
    // In the split bundle a dynamic import of a CommonJS package yields only `default`; a static import in
    // a module of ours, itself imported lazily, gives every named export (see src/cache/redisClient.ts).
    selector: 'ImportExpression[source.value=/^[^.]/]',
    message:
      'Load a package lazily through a module of ours that imports it statically (see src/cache/redisClient.ts).',
  },
  {
    selector:
      'MemberExpression[property.name=/^_(compile|load|resolveFilename|extensions|cache|nodeModulePaths|findPath|initPaths|preloadModules)$/]',
    message: `${PUBLIC_NODE_ONLY}: no private Module internals.`,
  },
  {
    selector: "Identifier[name='setFlagsFromString']",
    message: `${PUBLIC_NODE_ONLY}: no V8 flags.`,
  },
];

const PROCESS_ONLY_IN_CLI = 'Only src/cli touches process (STYLE.md, "Only cli/ touches process").';
// STYLE.md, "A pure core": no clock and no randomness; the caller passes them in.
const PURE_CLOCK_MESSAGE = 'is pure: pass a clock or random source in (STYLE.md, "A pure core").';

function boundaryRules(folder, allowed) {
  const pure = PURE.has(folder);
  const forbidden = Object.keys(BOUNDARIES).filter((other) => other !== folder && !allowed.includes(other));
  const pureMessage = `src/${folder} is pure: no I/O (STYLE.md, "A pure core").`;
  const restrictedPaths = [
    ...PLATFORM_PATHS,
    ...(pure ? NODE_IO.map((name) => ({ name, message: pureMessage })) : []),
    ...(folder === 'cli'
      ? []
      : ['process', 'node:process'].map((name) => ({ name, message: PROCESS_ONLY_IN_CLI }))),
  ];
  const restrictedPatterns = [
    ...PLATFORM_PATTERNS,
    ...(pure ? [{ group: NODE_IO_PATTERNS, message: pureMessage }] : []),
    ...forbidden.map((other) => ({
      group: crossingInto(other),
      message: `src/${folder} may not import src/${other} (see BOUNDARIES in eslint.config.js).`,
    })),
  ];
  const restrictedGlobals = [
    ...(folder === 'cli' ? [] : [{ name: 'process', message: PROCESS_ONLY_IN_CLI }]),
    ...(pure
      ? ['setTimeout', 'setInterval', 'setImmediate'].map((name) => ({
          name,
          message: `src/${folder} ${PURE_CLOCK_MESSAGE}`,
        }))
      : []),
  ];
  const restrictedProperties = [
    ...(folder === 'cli'
      ? []
      : [{ object: 'globalThis', property: 'process', message: PROCESS_ONLY_IN_CLI }]),
    ...(pure
      ? [
          ['Date', 'now'],
          ['performance', 'now'],
          ['Math', 'random'],
        ].map(([object, property]) => ({ object, property, message: `src/${folder} ${PURE_CLOCK_MESSAGE}` }))
      : []),
  ];
  return {
    'no-restricted-imports': ['error', { paths: restrictedPaths, patterns: restrictedPatterns }],
    'no-restricted-globals': restrictedGlobals.length === 0 ? 'off' : ['error', ...restrictedGlobals],
    'no-restricted-properties':
      restrictedProperties.length === 0 ? 'off' : ['error', ...restrictedProperties],
    'no-restricted-syntax': [
      'error',
      ...PLATFORM_SYNTAX,
      ...(pure
        ? [
            {
              selector: "NewExpression[callee.name='Date'][arguments.length=0]",
              message: `src/${folder} ${PURE_CLOCK_MESSAGE}`,
            },
          ]
        : []),
    ],
  };
}

const boundaryConfigs = Object.entries(BOUNDARIES).map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: boundaryRules(folder, allowed),
}));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'editors/vscode/dist/',
      'node_modules/',
      'coverage/',
      'test-output/',
      'bench/results/',
      'tools/sea/node_modules/',
      'tools/node-versions/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        setImmediate: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        queueMicrotask: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error'],
    },
  },
  ...boundaryConfigs,
  {
    files: ['scripts/**', 'bench/**', 'demo/**', 'test/**', 'src/cli/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
