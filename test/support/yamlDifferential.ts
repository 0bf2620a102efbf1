import { expect } from 'vitest';
import { readCommonYaml } from '../../src/language/commonYaml.js';
import { DEFAULT_YAML_LIMITS, parseWithYamlPackage } from '../../src/language/parseYaml.js';

/**
 * The fast YAML reader must agree with the `yaml` package on every document it accepts: the same values, the
 * same location on every node and key, the same text positions; and `yaml` must find nothing to report there
 * (documents it gives up on are `yaml`'s, unchanged: src/language/parseYaml.ts). True when it accepted.
 */
export function expectSameAsYamlPackage(text: string): boolean {
  const fast = readCommonYaml(text, 'f.yaml', DEFAULT_YAML_LIMITS.maxDepth);
  if (fast === undefined) return false;
  const full = parseWithYamlPackage(text, 'f.yaml', DEFAULT_YAML_LIMITS);
  expect(full.diagnostics, JSON.stringify(text)).toEqual([]);
  expect(fast, JSON.stringify(text)).toStrictEqual(full.root);
  return true;
}
