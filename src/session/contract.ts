/**
 * The API contract of a run (config `openapi:`), loaded with the plan so a broken document stops the run
 * before any request (exit 2). src/openapi is imported here, on demand: a run without `openapi:` never
 * loads it, nor the OpenAPI parser behind it.
 */
import { relative } from 'node:path';
import type { Masker } from '../masking/index.js';
import type { Contract } from '../openapi/index.js';
import type { Environment, Workspace } from '../workspace/index.js';

export async function loadContract(
  workspace: Workspace,
  environment: Environment,
  masker: Masker,
): Promise<Contract | undefined> {
  const file = workspace.config.openapi;
  if (file === undefined) return undefined;
  const { createContract, loadOpenApiDocument } = await import('../openapi/index.js');
  const display = relative(workspace.root, file).split('\\').join('/');
  const document = await loadOpenApiDocument(file, display);
  return createContract(document, {
    baseUrls: [environment.baseUrl, ...Object.values(environment.services).map((service) => service.baseUrl)],
    isSensitive: (keys) => masker.isSensitive(keys),
  });
}
