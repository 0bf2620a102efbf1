import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { load, type PackageDefinition } from '@grpc/proto-loader';
import { GrpcError } from './grpcError.js';
import { LOADER_OPTIONS } from './loaderOptions.js';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The descriptor from the step's `proto:` files, written relative to the project root (DECISIONS, "Finer
 * points (wave 3)"). Imports are looked up from the project root first, then beside each file, as
 * `protoc -I <root> -I <dir of the file>` would.
 */
export async function loadProtoFiles(
  written: readonly string[],
  projectRoot: string,
): Promise<PackageDefinition> {
  const files = written.map((file) => resolve(projectRoot, file));
  const missing = written.find((_, index) => !existsSync(files[index] ?? ''));
  if (missing !== undefined) {
    throw new GrpcError(
      'descriptor',
      `proto file \`${missing}\` not found (paths are relative to the project root)`,
    );
  }
  const includeDirs = [...new Set([projectRoot, ...files.map((file) => dirname(file))])];
  try {
    return await load(files, { ...LOADER_OPTIONS, includeDirs });
  } catch (error) {
    throw new GrpcError('descriptor', `cannot read the proto files: ${errorText(error)}`, { cause: error });
  }
}
