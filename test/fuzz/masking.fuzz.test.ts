import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import { renderStep } from '../../src/reporters/console/renderStep.js';
import { renderHtmlReport } from '../../src/reporters/html/renderHtmlReport.js';
import { buildJsonReport, serializeJsonReport } from '../../src/reporters/json/buildJsonReport.js';
import { renderJunit } from '../../src/reporters/junit/renderJunit.js';
import { createResultMasker } from '../../src/reporters/maskingBoundary.js';
import { buildFailureSnapshot } from '../../src/reporters/snapshots/buildFailureSnapshot.js';
import { createStyle } from '../../src/reporters/style.js';
import { check, request, response, run, scenario, step } from '../browser/runBuilders.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * A generated secret never appears in any generated output: whatever the secret and wherever a step put it
 * (URL host, path, query, password, headers, bodies, messages), every reporter's output, made from what
 * leaves the masking boundary, holds none of its forms.
 */
// Secrets share no character with `[MASKED]`, so a replacement can never spell a secret by accident, and
// start with a marker no report template contains, so a report's own text is never taken for a leak.
const SECRET_CHARS = 'abcfghijlnopqrtuvwxyz0123456789-_.~!*()\'"$&+,;=:@/?#%é名 \\';
const secretArbitrary = fc
  .array(fc.constantFrom(...SECRET_CHARS), { minLength: SecretRegistry.MIN_TEXT_LENGTH + 3, maxLength: 24 })
  .map((chars) => `Zq~${chars.join('')}`);
const hostSecret = fc
  .array(fc.constantFrom(...'ABCFGHIJLNOPQRTUVWXYZabcfghij0123456789'), { minLength: 6, maxLength: 20 })
  .map((chars) => `Hq${chars.join('')}`);

/** The forms a secret takes on its way out (SPEC/DECISIONS: URL-encoded, base64, JSON-escaped, ...). */
function forms(secret: string): string[] {
  const out = new Set([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams([['x', secret]]).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ]);
  return [...out].filter((form) => form.length >= SecretRegistry.MIN_TEXT_LENGTH);
}

function everyOutput(secret: string, host: string, filler: string): string {
  const secrets = new SecretRegistry();
  secrets.add({ key: secret, host });
  const masker = new Masker({ enabled: true, fields: [] }, secrets);
  const url = new URL(`http://${host}.api.test/`);
  url.pathname = `/items/${secret}`;
  url.search = new URLSearchParams({ key: secret, note: filler }).toString();
  url.username = 'ann';
  url.password = secret;
  const body = {
    echo: `${filler}${secret}${filler}`,
    nested: [{ value: secret }],
    encoded: Buffer.from(secret).toString('base64'),
  };
  const failed = step({
    label: `call ${host.toLowerCase()}`,
    status: 'failed',
    request: { ...request('POST', '/x', body, { 'x-key': secret }), url: url.href },
    response: response(500, `Bad ${encodeURIComponent(secret)}`, body),
    assertions: [
      check(
        'body.echo',
        secret,
        `${filler}${secret}`,
        false,
        `body.echo = ${JSON.stringify(secret)} (expected), got ${JSON.stringify(filler + secret)}`,
      ),
    ],
    error: `cannot resolve host ${url.hostname}`,
    warnings: [`saw ${JSON.stringify(secret)}`],
    variablesAtFailure: { token: secret, other: `${filler}${secret}` },
  });
  const raw = run([scenario({ name: 'fuzz', steps: [failed] })]);
  const masked = createResultMasker(masker).run(raw);
  const maskedStep = masked.scenarios[0]!.steps[0]!;
  const generatedAt = '2026-11-25T00:00:00.000Z';
  return [
    renderStep(maskedStep, 0, { style: createStyle(false), verbose: true }).join('\n'),
    serializeJsonReport(buildJsonReport(masked, { version: 'fuzz', generatedAt })),
    renderJunit(masked, { generatedAt }),
    renderHtmlReport(masked, { version: 'fuzz', generatedAt }),
    JSON.stringify(
      buildFailureSnapshot({
        scenario: masked.scenarios[0]!,
        step: maskedStep,
        variables: maskedStep.variablesAtFailure ?? {},
        generatedAt,
      }),
    ),
  ].join('\n');
}

describe('masking (fuzz)', () => {
  it(
    'scrubs a secret in every form from any surrounding text',
    () => {
      fc.assert(
        fc.property(
          secretArbitrary,
          fc.string({ maxLength: 20 }),
          fc.string({ maxLength: 20 }),
          (secret, before, after) => {
            const secrets = new SecretRegistry();
            secrets.add(secret);
            const masker = new Masker({ enabled: true, fields: [] }, secrets);
            for (const form of forms(secret)) {
              const text = masker.maskText(
                `${before.replace(/[[\]]/g, '')}${form}${after.replace(/[[\]]/g, '')}`,
              );
              expect(text).toContain('[MASKED]');
            }
          },
        ),
        fuzzParameters(2000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'keeps a generated secret out of the console, JSON, JUnit, HTML and snapshot output',
    () => {
      fc.assert(
        fc.property(secretArbitrary, hostSecret, fc.string({ maxLength: 6 }), (secret, host, filler) => {
          const output = everyOutput(secret, host, filler);
          for (const form of [...forms(secret), host, host.toLowerCase()])
            expect(output.includes(form), `leaked ${JSON.stringify(form)} of ${JSON.stringify(secret)}`).toBe(
              false,
            );
        }),
        fuzzParameters(60),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
