/**
 * The scenario language (SPEC, "Scenario" to "`import` object"; DECISIONS, "Scenario language"), declared
 * once for the validator and the JSON Schema. Steps refer to `step` by name, since loops contain steps.
 */
import { QUERY_FUNCTION_NAMES, SUBJECT_ROOT_NAMES } from '../../assertions/index.js';
import { CACHE_COMMANDS, HTTP_METHODS, STEP_KINDS } from '../model.js';
import { DURATION_EXAMPLES } from '../duration.js';
import {
  any,
  array,
  boolean,
  integer,
  mapOf,
  object,
  prop,
  ref,
  required,
  string,
  union,
  type ShapeDocument,
} from '../shape.js';
import { AUTH_DESCRIPTION, AUTH_SHAPE } from './authShape.js';
import { VARIABLE_KEYS, duration, template } from './common.js';

const steps = () => array(ref('step'));

/** A header or query value: one text, or a list of texts sent as repeated lines or parameters. */
const textOrList = () => union('a text or a list of texts', template(), array(template()));

const condition = () => string({ role: 'condition' });

const multipartFile = union(
  'a file path or a map with `path`',
  string({ role: 'template' }),
  object({
    path: required(string({ role: 'template' }), 'File path inside `assets.path`.'),
    filename: prop(string(), "File name sent to the server (default: the file's own name)."),
    contentType: prop(string(), 'Content type of the part (default: guessed from the extension).'),
  }),
);

const request = object(
  {
    method: required(string({ enum: HTTP_METHODS }), 'HTTP method, upper case.'),
    url: required(
      template(),
      "Relative path (joined to `baseUrl` or the service's `baseUrl`) or absolute URL; variables interpolated.",
    ),
    service: prop(
      string({ role: 'serviceName' }),
      "Name in the environment's `services` map whose `baseUrl` prefixes a relative `url`.",
    ),
    headers: prop(
      mapOf(textOrList()),
      'Header names to values; variables interpolated. A list sends one header line per value; an empty list sends none and keeps runner from adding its own (`content-type: []`).',
    ),
    query: prop(
      mapOf(textOrList()),
      'Query parameters; values interpolated. A list repeats the parameter: `tag: [a, b]` sends `tag=a&tag=b`.',
    ),
    body: prop(
      any({ role: 'template' }),
      'JSON map, list or raw string; variables interpolated. Excludes `form`, `multipart` and `graphql`.',
    ),
    form: prop(
      mapOf(template()),
      'Fields sent as `application/x-www-form-urlencoded`, in the order written; values interpolated.',
    ),
    graphql: prop(
      object(
        {
          query: required(
            template(),
            'The GraphQL document; write `$$` for a literal `$` (`query ($$id: ID!)`).',
          ),
          variables: prop(any({ role: 'template' }), 'GraphQL variables (a map); values interpolated.'),
          operationName: prop(template(), 'Which operation of the document to run.'),
        },
        { name: '`graphql`' },
      ),
      'A GraphQL request: sent as the JSON body `{query, variables, operationName}` (`application/json`).',
    ),
    transform: prop(
      object({
        from: required(string({ role: 'variableRef' }), 'Saved array to reshape, such as `$products`.'),
        filter: prop(condition(), 'Keep items for which this condition holds; the item is bound as `$item`.'),
        slice: prop(
          string({
            pattern: '^\\s*-?\\d*\\s*:\\s*-?\\d*\\s*$',
            patternExpected: 'a slice such as `0:10`, `:5` or `2:`',
            patternCode: 'transform.slice',
          }),
          'Python-style `start:end`; either side optional, negative counts from the end.',
        ),
        map: prop(
          any({ role: 'template' }),
          'Per-item object; values interpolated with the item bound as `$item`.',
        ),
        into: prop(
          string(),
          'Dotted body field that receives the result; omit to use the result as the whole body.',
        ),
      }),
      'Filter, slice and reshape a saved array into the request body.',
    ),
    multipart: prop(
      object({
        fields: prop(mapOf(template()), 'Text parts; values interpolated.'),
        files: prop(
          mapOf(multipartFile),
          'File parts: field name to a path under `assets.path`, or `{path, filename, contentType}`.',
        ),
      }),
      'Send a multipart form instead of JSON: text fields and file uploads from `assets.path`.',
    ),
    timeout: prop(
      duration(),
      `Socket timeout, such as ${DURATION_EXAMPLES} (default from config \`http.timeout\`, 30s).`,
    ),
  },
  { name: 'request' },
);

const cache = object(
  {
    connection: required(
      string({ role: 'cacheConnection' }),
      'Name of a cache connection under `cache:` in the environment file.',
    ),
    command: required(
      string({ enum: CACHE_COMMANDS }),
      'Read-only command: `get` (JSON decoded), `exists`, `ttl` or `hgetall`.',
    ),
    key: required(template(), 'Key name; variables interpolated.'),
  },
  { name: '`cache`' },
);

/**
 * A stream URL: absolute with one of `schemes`, or a URL built from variables (checked again once filled in); with `relative`, also a path (`/events`) that
 * the engine resolves against the environment's `baseUrl`, as a request's.
 */
function streamUrl(schemes: readonly string[], description: string, relative = false) {
  const caseless = (scheme: string) =>
    [...scheme].map((c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).join('');
  const path = relative ? '|/' : '';
  const written = schemes.map((scheme) => `\`${scheme}://\``).join(' or ');
  return required(
    string({
      acceptScalars: true,
      role: 'template',
      pattern: `^(?:(?:${schemes.map(caseless).join('|')})://|\\$|\\{\\{${path})`,
      patternExpected: relative
        ? `a URL starting with ${written}, or a path starting with \`/\``
        : `a URL starting with ${written}`,
      patternCode: 'stream.url-scheme',
    }),
    description,
  );
}

/** DECISIONS, Stream collection: the goals and the bound every stream step takes. */
const collectProperties = (item: string) => ({
  count: prop(
    integer({ minimum: 1 }),
    `Goal: collect this many ${item}s; fewer within the timeout fails the step.`,
  ),
  until: prop(
    condition(),
    `Goal: stop after the ${item} for which this condition holds (\`$${item}\` is bound to it); that ${item} is kept.`,
  ),
  timeout: prop(
    duration(),
    `How long to collect, such as ${DURATION_EXAMPLES} (default \`http.timeout\`). Alone it ends collection and the step is judged on what came; with a goal, the goal not reached in time fails the step.`,
  ),
});

const websocket = object(
  {
    url: streamUrl(
      ['ws', 'wss'],
      'WebSocket URL (`ws://` or `wss://`), or a path joined to `baseUrl` (`http` becomes `ws`); variables interpolated.',
      true,
    ),
    headers: prop(mapOf(template()), 'Headers of the opening handshake; values interpolated.'),
    subprotocols: prop(array(template()), 'Subprotocols offered in `Sec-WebSocket-Protocol`, in order.'),
    send: prop(
      array(any({ role: 'template' })),
      'Messages sent in order once connected: a map or list goes out as one JSON text frame, text as it is; variables interpolated.',
    ),
    receive: prop(
      object(collectProperties('message'), { name: '`receive`' }),
      'How to collect messages: `count`, `until`, `timeout`. Without it, until the server closes or the timeout.',
    ),
  },
  { name: '`websocket`' },
);

const sse = object(
  {
    url: streamUrl(
      ['http', 'https'],
      'Server-Sent Events URL (`http://` or `https://`), or a path joined to `baseUrl`; variables interpolated.',
      true,
    ),
    headers: prop(mapOf(template()), 'Request headers; values interpolated.'),
    ...collectProperties('event'),
    lastEventId: prop(template(), 'Sent as `Last-Event-ID`, to resume after that event.'),
  },
  { name: '`sse`' },
);

const subscription = object(
  {
    url: streamUrl(
      ['ws', 'wss'],
      'GraphQL WebSocket endpoint (`ws://` or `wss://`, or a path joined to `baseUrl`), spoken as `graphql-transport-ws`.',
      true,
    ),
    query: required(
      template(),
      'The subscription document; write `$$` for a literal `$` (`subscription ($$id: ID!)`).',
    ),
    variables: prop(any({ role: 'template' }), 'GraphQL variables (a map); values interpolated.'),
    operationName: prop(template(), 'Which operation of the document to run.'),
    headers: prop(mapOf(template()), 'Headers of the opening handshake; values interpolated.'),
    connectionParams: prop(
      any({ role: 'template' }),
      'The `connection_init` payload (a map), where many servers read a token; values interpolated.',
    ),
    ...collectProperties('message'),
  },
  { name: '`subscription`' },
);

const grpc = object(
  {
    url: streamUrl(
      ['grpc', 'grpcs'],
      'Server address: `grpc://host:port` (plain HTTP/2) or `grpcs://host:port` (TLS); variables interpolated.',
    ),
    service: required(template(), 'Fully qualified service name: `package.Service`.'),
    method: required(template(), 'Method name as the `.proto` file writes it.'),
    message: prop(
      mapOf(any({ role: 'template' })),
      'The request message: its fields by `.proto` name (or JSON name); variables interpolated. Default: an empty message.',
    ),
    metadata: prop(mapOf(template()), 'Request metadata; values interpolated; a `-bin` name takes base64.'),
    proto: prop(
      union('a path or a list of paths', string({ role: 'template' }), array(string({ role: 'template' }))),
      '`.proto` files relative to the project root; without them the server is asked through gRPC server reflection.',
    ),
    ...collectProperties('message'),
  },
  { name: '`grpc`' },
);

const exportSpec = object(
  {
    file: required(template(), 'Output `.xlsx` path; relative paths resolve against config `export.path`.'),
    from: required(string({ role: 'variableRef' }), 'Source array variable, starting with `$`.'),
    sheet: prop(string(), 'Worksheet name (default `Sheet1`).'),
    columns: required(
      array(
        object({
          header: required(string({ acceptScalars: true }), 'Column header.'),
          value: required(template(), "Cell expression; the row's item is bound as `$item`."),
        }),
      ),
      'Ordered columns, each `{header, value}`.',
    ),
  },
  { name: '`export`' },
);

const importSpec = object(
  {
    file: required(template(), '`.xlsx` path: absolute, or relative to the project root or the export path.'),
    as: required(
      string({ role: 'variableName' }),
      'Variable (without `$`) that receives an array of row maps.',
    ),
    sheet: prop(string(), 'Worksheet name (default: the active or first sheet).'),
    header_row: prop(integer({ minimum: 1 }), '1-based header row (default 1).'),
    data_start_row: prop(integer({ minimum: 1 }), '1-based first data row (default 2).'),
    columns: prop(
      array(
        object({
          header: required(string({ acceptScalars: true }), 'Header text in the sheet.'),
          as: required(string({ role: 'variableName' }), 'Key for that column in each row map.'),
        }),
      ),
      'Explicit header-to-key mappings; without it headers become snake_case keys.',
    ),
  },
  { name: '`import`' },
);

const retry = object(
  {
    attempts: prop(
      integer({ minimum: 1 }),
      'How many times the step is tried in all, the first try included (default 1).',
    ),
    interval: prop(
      union('an integer (milliseconds) or a duration such as `500ms`', integer({ minimum: 0 }), duration()),
      'Wait between attempts in milliseconds, or a duration (default 500).',
    ),
    backoff: prop(
      string({ enum: ['constant', 'linear', 'exponential'] }),
      'How the wait grows: `constant` (default), `linear` or `exponential`; ±25% jitter.',
    ),
    maxDuration: prop(duration(), 'Hard cap on the whole retry loop, such as `15s` or `1m`.'),
    onStatus: prop(
      array(integer({ minimum: 100, maximum: 599 })),
      'Retry only when the response status is in this list (default: any status).',
    ),
  },
  { name: '`retry`' },
);

const expectationProperties = {
  status: prop(
    union(
      'an HTTP status code, a class such as `2xx`, or a matcher',
      integer({ minimum: 0, maximum: 599 }),
      string({ role: 'expected' }),
    ),
    'Expected HTTP status code (100-599), a class such as `2xx` (`1xx`..`5xx`), or a matcher such as `oneOf 200,201`. On a `grpc` step: the gRPC status name (`NOT_FOUND`) or number (0-16).',
  ),
  schema: prop(
    string({ role: 'schemaName' }),
    'Schema name relative to `schemas.path`; the whole body is validated.',
  ),
};

/** What an `expect` key starts with: a path root, `$` (JSONPath), or a function (the JSON Schema's check). */
const EXPECT_KEY_PATTERN = `^\\s*(?:(?:${[...SUBJECT_ROOT_NAMES, 'schema'].join('|')})(?:[.[]|\\s*$)|\\$|(?:${QUERY_FUNCTION_NAMES.join('|')})\\s*\\()`;

const expectationMap = object(expectationProperties, {
  additional: any({ role: 'expected' }),
  name: '`expect`',
  editorKeyPattern: EXPECT_KEY_PATTERN,
});

/** DECISIONS, Wave 2: `expect` may be a list of one-key maps, checked in the order written; paths may repeat. */
const expectationList = array(
  object(expectationProperties, {
    additional: any({ role: 'expected' }),
    name: '`expect` item',
    singleEntry: '`path: expected` pair',
    editorKeyPattern: EXPECT_KEY_PATTERN,
  }),
);

const expectations = union(
  'a map of `path: expected`, or a list of one-key maps',
  expectationMap,
  expectationList,
);

const stepProperties = {
  name: prop(string({ acceptScalars: true }), 'Label shown in output and reports instead of `METHOD url`.'),
  if: prop(union('a condition', condition(), boolean()), 'Guard condition; when false the step is skipped.'),
  request: prop(request, 'HTTP request.'),
  cache: prop(cache, 'Read-only key-value cache query.'),
  websocket: prop(websocket, 'Open a WebSocket, send messages and collect what comes back as `messages`.'),
  sse: prop(sse, 'Read a Server-Sent Events stream; the events are `events`.'),
  subscription: prop(
    subscription,
    'Run a GraphQL subscription (graphql-transport-ws); each result is one of `messages` (`messages[0].data.x`). Ends when the server completes, or at `count`, `until` or `timeout`.',
  ),
  grpc: prop(
    grpc,
    'Call a gRPC method (unary or server streaming); the response is `body` (a list for a stream), `status`, `headers`, `trailers`.',
  ),
  use: prop(
    string({ role: 'useTarget' }),
    "Another scenario file to run inline, relative to this file's directory.",
  ),
  set: prop(
    mapOf(template(), { keys: VARIABLE_KEYS }),
    'Assign variables without a request; values interpolated.',
  ),
  export: prop(exportSpec, 'Write an array variable to a spreadsheet.'),
  import: prop(importSpec, 'Read a spreadsheet into an array variable.'),
  repeat: prop(
    object(
      {
        attempts: required(integer({ minimum: 1 }), 'Maximum number of passes.'),
        until: required(condition(), 'Condition evaluated after each pass; true ends the loop.'),
        steps: required(steps(), 'Nested steps, run in order on each pass.'),
      },
      { name: '`repeat`' },
    ),
    'Run nested steps until a condition holds, at most `attempts` times.',
  ),
  for_each: prop(
    object(
      {
        from: required(string({ role: 'variableRef' }), 'Array variable to iterate, such as `$items`.'),
        as: prop(string({ role: 'variableName' }), 'Name of the current item (default `item`).'),
        steps: required(steps(), 'Nested steps, run once per item.'),
      },
      { name: '`for_each`' },
    ),
    'Run nested steps once per item of an array.',
  ),
  with: prop(
    mapOf(template(), { keys: VARIABLE_KEYS }),
    'Variables for a `use` step; restored when the used scenario ends.',
  ),
  expect: prop(
    expectations,
    'Path to a value or matcher, as a map (checked in SPEC phase order) or a list of one-key maps (checked in the order written; a path may repeat). Paths: `status`, `headers.<name>`, `body.<path>` (with `[*]` and `[$var]`), `jwt.<claim>`, `schema`, `cache.*`, `messages`, `events`, `close.code`, `trailers.<name>`, `url`, `redirects`, `httpVersion`, `duration`, `size`, `sha256`, `md5`, `ip`, `certificate.<field>`, a JSONPath starting with `$`, `xpath(<expr>)`, and `count()`, `length()`, `regex(<path>, "<pattern>")` over any of them.',
  ),
  save: prop(
    mapOf(string({ role: 'saveSource' }), { keys: VARIABLE_KEYS }),
    'Variable name to source: any path `expect` reads (not `schema`), such as `body.<path>`, `headers.<name>`, `url`, `$.items[0].id`, `xpath(string(//title))`, `count(body.<path>)`, `regex(body, "id=(\\d+)")`.',
  ),
  auth: prop(AUTH_SHAPE, `${AUTH_DESCRIPTION} Wins over the environment's \`auth\`; \`none\` sends none.`),
  retry: prop(retry, 'Polling: repeat the step while its expectations fail.'),
  delay: prop(
    duration(),
    `Wait before the step's first attempt, such as ${DURATION_EXAMPLES}; not counted in its duration.`,
  ),
  timing: prop(
    object(
      { max: required(duration(), `Latency budget such as ${DURATION_EXAMPLES}.`) },
      { name: '`timing`' },
    ),
    'Latency budget: `max: <duration>`.',
  ),
};

const step = object(stepProperties, { name: 'step', exactlyOneOf: STEP_KINDS });

export const SCENARIO_SHAPE: ShapeDocument = {
  title: 'scenario',
  description: 'A runner scenario: ordered HTTP and data steps with expectations and saved values.',
  root: object(
    {
      scenario: required(string({ acceptScalars: true }), 'Name of the scenario.'),
      description: prop(string(), 'Shown in the HTML report header.'),
      tags: prop(array(string({ acceptScalars: true })), 'Labels for filtering with `--tag`.'),
      setup: prop(steps(), 'Pre-conditions; a failure skips the main steps.'),
      steps: required(steps(), 'Main sequence.'),
      teardown: prop(steps(), 'Cleanup; always runs.'),
      examples: prop(
        array(mapOf(any())),
        'Data sets: the scenario runs once per map, with its keys as variables (`{{name}}` or `$name`).',
      ),
      parallel: prop(
        boolean(),
        'With `runner run --jobs N`: `false` runs this file alone, after the others (default true).',
      ),
    },
    { name: 'scenario' },
  ),
  defs: { step },
};
