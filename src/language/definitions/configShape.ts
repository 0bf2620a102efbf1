/** `.runner/config.yaml` (SPEC, "Global configuration"; DECISIONS, "Workspace" and "HTTP options"). */
import { array, boolean, integer, object, prop, string, type ShapeDocument } from '../shape.js';
import { HTTP_OPTIONS } from './common.js';

const path = (what: string) => prop(string(), what);
/** Every format `--report` takes (src/reporters/reportOutputs.ts, REPORT_FORMATS). */
const FORMATS = 'html|json|junit|ctrf|github';
const strings = () => array(string());

const failures = object({
  enabled: prop(boolean(), 'Write a JSON snapshot for each failure (default true).'),
  path: path('Snapshot directory (default `<reports.path>/failures`).'),
  maskSensitive: prop(boolean(), 'Mask credentials in snapshots (default true).'),
  retainCount: prop(integer({ minimum: 0 }), 'Snapshots kept (default 50).'),
});

export const CONFIG_SHAPE: ShapeDocument = {
  title: 'config.yaml',
  description: 'Global configuration of a runner workspace.',
  root: object(
    {
      runner_version: prop(
        string({ acceptScalars: true }),
        'Version of the configuration format, such as `1.0.0`.',
      ),
      project: prop(
        object({
          name: prop(string({ acceptScalars: true }), 'Project name.'),
          version: prop(string({ acceptScalars: true }), 'Project version.'),
        }),
        'Project metadata.',
      ),
      environments: prop(
        object({
          default: prop(string(), 'Environment used when `--env` is omitted (default `local`).'),
          path: path('Directory of environment files (default `.runner/environments`).'),
        }),
        'Environment selection.',
      ),
      tests: prop(
        object({ path: path('Directory of scenarios (default `.runner/tests`).') }),
        'Scenario location.',
      ),
      schemas: prop(
        object({ path: path('Directory of response schemas (default `.runner/schemas`).') }),
        'Schema location.',
      ),
      assets: prop(
        object({ path: path('Directory of multipart upload files (default `assets`).') }),
        'Upload files.',
      ),
      export: prop(
        object({
          path: path('Base directory for relative `export.file` values (default: the project root).'),
        }),
        'Spreadsheet exports.',
      ),
      reports: prop(
        object({
          path: path('Output directory for reports (default `.runner/reports`).'),
          directory: path('Alias of `path`, as a directory under `.runner/`.'),
          format: prop(
            string({
              pattern: `^\\s*(${FORMATS})\\s*(,\\s*(${FORMATS})\\s*)*$`,
              patternExpected:
                '`html`, `json`, `junit`, `ctrf`, `github` or a comma-separated list such as `html,json`',
            }),
            'Reports written when `--report` is omitted: `html`, `json`, `junit`, `ctrf`, `github`, comma-separated.',
          ),
          archive: prop(boolean(), 'Keep a history of past reports.'),
          retention: prop(
            integer({ minimum: 0 }),
            'Timestamped report directories kept when `archive` is true (default 10).',
          ),
          maskSensitive: prop(boolean(), 'Mask credentials in HTML reports (default true).'),
          failures: prop(failures, 'Failure snapshots.'),
        }),
        'Reports.',
      ),
      security: prop(
        object({
          mask: prop(
            object({
              enabled: prop(boolean(), 'Mask sensitive values in all output (default true).'),
              fields: prop(strings(), 'Extra case-insensitive JSON paths or header names to mask.'),
            }),
            'Output masking.',
          ),
          sandboxing: prop(
            object({
              enabled: prop(boolean(), 'Enforce the outbound network boundaries below (default false).'),
              allowedDomains: prop(
                strings(),
                'Allow-list; `*.example.com` matches sub-domains; empty allows all.',
              ),
              blockedDomains: prop(strings(), 'Deny-list; wins over the allow-list.'),
              blockPrivateSubnets: prop(
                boolean(),
                'Reject targets that resolve to loopback or private addresses.',
              ),
            }),
            'Outbound network sandbox.',
          ),
        }),
        'Masking and sandboxing.',
      ),
      jwt_token_path: prop(string(), 'Where to find a JWT to decode automatically, such as `body.token`.'),
      http: prop(HTTP_OPTIONS, 'HTTP client defaults for every environment.'),
      openapi: prop(
        string(),
        'OpenAPI 3.0 or 3.1 document (YAML or JSON, relative to the project root); every response is checked against it.',
      ),
      run: prop(
        object({
          jobs: prop(
            integer({ minimum: 1 }),
            'Scenario executions run at once by `runner run` (default 1); `--jobs` wins.',
          ),
        }),
        'Defaults for `runner run`.',
      ),
    },
    { name: 'config.yaml' },
  ),
  defs: {},
};
