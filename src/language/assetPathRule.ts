import type { Diagnostic } from '../diagnostics/errors.js';
import { entryOf, type YamlMap, type YamlNode } from './yamlTree.js';

/** Why a path as written cannot stay inside its folder, or undefined when it can. */
function escapes(path: string): string | undefined {
  if (/^([\\/]|[A-Za-z]:[\\/])/.test(path))
    return 'absolute paths are not allowed; write a path relative to it';
  if (path.split(/[\\/]/).includes('..')) return '`..` segments are not allowed';
  return undefined;
}

/**
 * DECISIONS, Wave 2 "Platform": a path written in a scenario that escapes the project is an error at plan
 * time (exit 2), naming the path and never reading the file. Multipart files resolve inside `assets.path`;
 * a path written out (no `$variable`) that leaves it is caught here, before anything is sent. Symlinks and
 * interpolated paths are still checked when the file is read (src/workspace/assets.ts).
 */
export function checkAssetPaths(step: YamlMap): Diagnostic[] {
  const request = entryOf(step, 'request')?.value;
  const multipart = request?.kind === 'map' ? entryOf(request, 'multipart')?.value : undefined;
  const files = multipart?.kind === 'map' ? entryOf(multipart, 'files')?.value : undefined;
  if (files?.kind !== 'map') return [];
  const out: Diagnostic[] = [];
  for (const entry of files.entries) {
    const node: YamlNode | undefined =
      entry.value.kind === 'map' ? entryOf(entry.value, 'path')?.value : entry.value;
    if (node?.kind !== 'scalar' || typeof node.value !== 'string' || node.value.includes('$')) continue;
    const why = escapes(node.value);
    if (why === undefined) continue;
    out.push({
      code: 'request.asset-outside',
      severity: 'error',
      message: `multipart.files.${entry.key.value}: \`${node.value}\` is outside assets.path: ${why}`,
      location: node.loc,
    });
  }
  return out;
}

/**
 * The same rule for a grpc step's `proto:` files, which resolve inside the project root (DECISIONS, "Finer
 * points (wave 3)"): one written out that leaves it is an error at plan time, never read.
 */
export function checkProtoPaths(step: YamlMap): Diagnostic[] {
  const grpc = entryOf(step, 'grpc')?.value;
  const proto = grpc?.kind === 'map' ? entryOf(grpc, 'proto')?.value : undefined;
  const nodes = proto?.kind === 'seq' ? proto.items : proto === undefined ? [] : [proto];
  const out: Diagnostic[] = [];
  for (const node of nodes) {
    if (node.kind !== 'scalar' || typeof node.value !== 'string' || node.value.includes('$')) continue;
    const why = escapes(node.value);
    if (why === undefined) continue;
    out.push({
      code: 'grpc.proto-outside',
      severity: 'error',
      message: `proto: \`${node.value}\` is outside the project root: ${why}`,
      location: node.loc,
    });
  }
  return out;
}
