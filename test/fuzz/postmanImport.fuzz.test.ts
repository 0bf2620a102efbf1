import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importPostman } from '../../src/convert/postman/importPostman.js';
import { repoRoot } from '../support/cli.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * Issue 22: Newman's `inherited-entities` collection crashed the importer (`object is not iterable`) because one
 * value had another kind than the format's schema says. Collections are untrusted JSON: whatever value of
 * whatever kind stands at whatever place of a real collection (and its environment), the importer writes its
 * scenarios and never throws.
 */
const NEWMAN = join(repoRoot, 'test/fixtures/postman-newman/test/integration');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every place in `value` (as a list of keys), the root included. */
function places(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => places(item, [...at, i]))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => places(item, [...at, key]))];
  }
  return here;
}

function replaced(root: Json, place: (string | number)[], value: Json): Json {
  if (place.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node: Json = copy;
  for (const key of place.slice(0, -1)) {
    // An earlier change replaced what held this place: the change has nowhere to go.
    if (node === null || typeof node !== 'object') return copy;
    node = (node as Record<string | number, Json>)[key] ?? null;
  }
  if (node !== null && typeof node === 'object') {
    (node as Record<string | number, Json>)[place[place.length - 1]!] = value;
  }
  return copy;
}

async function readJson(path: string): Promise<Json> {
  return JSON.parse(await readFile(path, 'utf8')) as Json;
}

describe('importPostman on collections of any shape', () => {
  it(
    'imports every value of every kind at every place without throwing',
    async () => {
      const collection = await readJson(
        join(NEWMAN, 'inherited-entities/inherited-entities.postman_collection.json'),
      );
      const environment = await readJson(
        join(NEWMAN, 'inherited-entities/inherited-entities.postman_environment.json'),
      );
      const collectionPlaces = places(collection);
      const environmentPlaces = places(environment);
      const value = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(), value), { minLength: 1, maxLength: 4 }),
          fc.option(fc.tuple(fc.nat(), value)),
          (changes, environmentChange) => {
            let mutated = collection;
            for (const [index, next] of changes) {
              mutated = replaced(mutated, collectionPlaces[index % collectionPlaces.length]!, next);
            }
            const env =
              environmentChange === null
                ? environment
                : replaced(
                    environment,
                    environmentPlaces[environmentChange[0] % environmentPlaces.length]!,
                    environmentChange[1],
                  );
            // The CLI hands over objects only: other JSON is refused before (`is not a JSON object`).
            if (mutated === null || typeof mutated !== 'object' || Array.isArray(mutated)) return;
            const envObject =
              env !== null && typeof env === 'object' && !Array.isArray(env) ? env : undefined;
            const imported = importPostman(mutated, envObject);
            expect(
              imported.scenarios.every((scenario) => scenario.yaml.startsWith('# yaml-language-server')),
            ).toBe(true);
          },
        ),
        fuzzParameters(300),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
