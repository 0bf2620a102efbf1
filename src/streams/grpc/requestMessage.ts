import type { MessageTypeDefinition, PackageDefinition } from '@grpc/proto-loader';
import { GrpcError } from './grpcError.js';

/** The parts of a field's descriptor (as proto-loader gives it) that the check reads. */
interface FieldShape {
  name: string;
  label?: string;
  type?: string;
  typeName?: string;
}

interface TypeShape {
  field?: FieldShape[];
  nestedType?: (TypeShape & { name?: string; options?: { mapEntry?: boolean } | null })[];
  options?: { mapEntry?: boolean } | null;
}

export function isMessageType(
  entry: PackageDefinition[string] | undefined,
): entry is MessageTypeDefinition<object, object> {
  return entry !== undefined && 'format' in entry && entry.format === 'Protocol Buffer 3 DescriptorProto';
}

/** `user_name` -> `userName`: the JSON name protobuf gives a field, which grpcurl's `-d` uses. */
function jsonName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A message type and its full name (`pkg.Outer.Inner`), as messages name it. */
interface NamedType {
  name: string;
  type: TypeShape;
}

/** The message type a field names, seen from the type `scope` (protobuf's scoping: innermost first). */
function resolveType(
  definition: PackageDefinition,
  scope: NamedType,
  typeName: string,
): NamedType | undefined {
  const nested = scope.type.nestedType?.find((type) => type.name === typeName);
  if (nested !== undefined) return { name: `${scope.name}.${typeName}`, type: nested };
  const name = typeName.replace(/^\./, '');
  const parts = scope.name.split('.');
  for (let size = parts.length; size >= 0; size -= 1) {
    const candidate = [...parts.slice(0, size), name].join('.');
    const entry = definition[candidate];
    if (isMessageType(entry)) return { name: candidate, type: entry.type as TypeShape };
  }
  return undefined;
}

function normaliseMessage(
  definition: PackageDefinition,
  scope: NamedType,
  value: unknown,
  path: string,
): unknown {
  if (!isRecord(value)) return value;
  const fields = scope.type.field ?? [];
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = fields.find((candidate) => candidate.name === key || jsonName(candidate.name) === key);
    if (field === undefined) {
      const names = fields.map((candidate) => `\`${candidate.name}\``).join(', ');
      throw new GrpcError(
        'message',
        `\`${path}.${key}\` is not a field of \`${scope.name}\` (fields: ${names === '' ? 'none' : names})`,
      );
    }
    result[field.name] = normaliseField(definition, scope, field, item, `${path}.${field.name}`);
  }
  return result;
}

function normaliseField(
  definition: PackageDefinition,
  scope: NamedType,
  field: FieldShape,
  value: unknown,
  path: string,
): unknown {
  if (field.type !== 'TYPE_MESSAGE' || field.typeName === undefined) return value;
  // Well-known types (Struct, Any, Timestamp, wrappers) take JSON forms of their own: protobuf checks them.
  if (field.typeName.replace(/^\./, '').startsWith('google.protobuf.')) return value;
  const inner = resolveType(definition, scope, field.typeName);
  if (inner === undefined || inner.type.options?.mapEntry === true) return value;
  if (field.label === 'LABEL_REPEATED' && Array.isArray(value)) {
    return value.map((item, index) => normaliseMessage(definition, inner, item, `${path}[${index}]`));
  }
  return normaliseMessage(definition, inner, value, path);
}

/**
 * The step's `message` checked against the request type: a key that is no field fails the step by name
 * (protobuf would drop it silently and the server would see a different request). Keys may be the .proto
 * names or their JSON names (`userName` for `user_name`); the result uses the .proto names.
 */
export function requestMessage(definition: PackageDefinition, typeName: string, message: unknown): unknown {
  const value = message ?? {};
  if (!isRecord(value)) throw new GrpcError('message', '`message` must be a map of the request fields');
  const entry = definition[typeName];
  if (!isMessageType(entry)) return value;
  return normaliseMessage(definition, { name: typeName, type: entry.type as TypeShape }, value, 'message');
}
