/**
 * `report.json` (docs/reports.md, src/reporters/json/reportTypes.ts) as the `run` tool's output schema. The
 * fields a model needs to read a result are spelled out; objects stay open (`looseObject`), because the
 * report carries more (bodies, timings, attempts) and grows, and its own JSON Schema is docs/report.schema.json.
 */
import * as z from 'zod';

const assertionSchema = z.looseObject({
  path: z.string(),
  passed: z.boolean(),
  message: z.string().describe('e.g. `status = 201 (expected), got 404`'),
});

const stepSchema = z.looseObject({
  index: z.number().int(),
  label: z.string().describe('the step name, or `METHOD url`'),
  status: z.enum(['passed', 'failed', 'skipped']),
  passed: z.boolean(),
  section: z.string().describe('setup, steps or teardown'),
  line: z.number().int().describe('line of the step in the scenario file'),
  curl: z
    .string()
    .nullable()
    .describe('the request as a cURL command (secrets masked); null without a request'),
  assertions: z.array(assertionSchema),
  error: z
    .string()
    .optional()
    .describe('a failure that is not an assertion: network error, sandbox block, ...'),
});

const metadataSchema = z.looseObject({
  scenario: z.string().describe('the scenario name, or `<n> scenarios` for a run of several'),
  testFile: z.string(),
  environment: z.string(),
  status: z.enum(['passed', 'failed']),
  timestamp: z.string(),
  duration: z.number().describe('milliseconds'),
  interrupted: z
    .literal(true)
    .optional()
    .describe(
      'present when the run was interrupted or cancelled; the steps it kept from running are skipped',
    ),
});

const summarySchema = z.looseObject({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  passedPercent: z.number().int(),
});

const recordSchema = z.looseObject({
  metadata: metadataSchema,
  summary: summarySchema,
  steps: z.array(stepSchema),
  errors: z.array(z.string()).describe('one `step: message` line per failure'),
});

export const jsonReportSchema = recordSchema
  .extend({
    scenarios: z
      .array(recordSchema)
      .optional()
      .describe('with several scenario executions: one record each (the top-level `steps` is then empty)'),
  })
  .describe('the masked report.json of the run');
