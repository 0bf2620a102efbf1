/**
 * `runner convert 'grpcurl ...'` (issue 25): a grpcurl call becomes a `grpc` step where it maps cleanly;
 * anything else refuses by name. Metadata and message fields with a secret's name go to the credentials
 * file, as a curl command's headers and body fields do.
 */
import { posix } from 'node:path';
import type { CommandInput } from '../commandFiles.js';
import { readCommandText } from '../commandFiles.js';
import { conversionError } from '../conversionError.js';
import type { CurlConversion, CurlConversionOptions } from '../curlToScenario.js';
import type { DraftGrpc, DraftText } from '../draftRequest.js';
import { printScenario } from '../printScenario.js';
import { replaceSecrets } from '../replaceSecrets.js';
import { SecretFields, secretNamePredicate } from '../secretNames.js';
import type { ShellCommand } from '../shellScript.js';
import { shellVariablesIn } from '../shellVariables.js';
import { parseGrpcurlArgs, refuseGrpcurlFlag, type GrpcurlInvocation } from './grpcurlArgs.js';

export function isGrpcurlProgram(word: string): boolean {
  return /(^|[/\\])grpcurl(\.exe)?$/i.test(word);
}

const ORIGIN =
  ' Converted from a grpcurl command by `runner convert`. Add checks under `expect:`, such as `status: OK`.';

function refuse(message: string, hint: string): Error {
  return conversionError('unsupported-grpcurl', message, { hint });
}

/** `host:port` or `[v6]:port`, as grpcurl takes it; the URL's scheme follows `-plaintext`. */
function grpcUrl(address: string, plaintext: boolean): string {
  if (!/^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+):\d{1,5}$/.test(address)) {
    throw refuse(
      `grpcurl address \`${address}\` cannot be converted: runner calls \`host:port\` over TCP`,
      'write the address as `host:port`',
    );
  }
  return `${plaintext ? 'grpc' : 'grpcs'}://${address}`;
}

/** `pkg.Service/Method` or grpcurl's other form, `pkg.Service.Method`. */
function serviceAndMethod(symbol: string): { service: string; method: string } {
  const slash = symbol.lastIndexOf('/');
  const cut = slash >= 0 ? slash : symbol.lastIndexOf('.');
  const service = symbol.slice(0, cut).replace(/^\//, '');
  const method = symbol.slice(cut + 1);
  if (cut <= 0 || service === '' || method === '' || !/^[\w.]+$/.test(service) || !/^\w+$/.test(method)) {
    throw refuse(
      `grpcurl method \`${symbol}\` cannot be converted: expected \`package.Service/Method\``,
      'name the method fully qualified, as `grpcurl list` shows it',
    );
  }
  return { service, method };
}

function metadataEntry(header: string, spelled: string): [string, string] {
  const colon = header.indexOf(':');
  if (colon <= 0) throw refuseGrpcurlFlag(spelled, `\`${header}\` is not \`name: value\``);
  return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
}

function requestMessage(invocation: GrpcurlInvocation, input: CommandInput): unknown {
  if (invocation.data === undefined) return undefined;
  const text = invocation.data === '@' ? readCommandText(input, '-', '-d @') : invocation.data;
  if (text.trim() === '') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw refuseGrpcurlFlag(
      '-d',
      'it is not one JSON message (several messages are a client stream; a grpc step sends one)',
    );
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    throw refuseGrpcurlFlag('-d', 'the request message must be a JSON object');
  }
  return message;
}

function protoFiles(invocation: GrpcurlInvocation): string[] {
  if (invocation.importPaths.length > 1) {
    throw refuseGrpcurlFlag(
      '-import-path',
      'runner looks imports up from the project root and beside each proto file: one import path is converted, not several',
    );
  }
  const [root] = invocation.importPaths;
  return invocation.protoFiles.map((file) => (root === undefined ? file : posix.join(root, file)));
}

function grpcDraft(invocation: GrpcurlInvocation, input: CommandInput, notes: string[]): DraftGrpc {
  const [address, symbol, ...rest] = invocation.positionals;
  if (address === 'list' || address === 'describe' || symbol === 'list' || symbol === 'describe') {
    throw refuse(
      `grpcurl \`${address === 'list' || address === 'describe' ? address : symbol}\` cannot be converted: it shows the server's services, it makes no call`,
      'convert a call: `grpcurl [flags] host:port package.Service/Method`',
    );
  }
  if (address === undefined || symbol === undefined) {
    throw refuse(
      'grpcurl command without an address and a method',
      'write `grpcurl [flags] host:port package.Service/Method`',
    );
  }
  if (rest.length > 0) {
    throw refuse(
      `grpcurl argument \`${rest[0] ?? ''}\` cannot be converted: grpcurl reads flags only before the address`,
      'move the flags before `host:port`',
    );
  }
  const proto = protoFiles(invocation);
  const reflection = invocation.useReflection ?? proto.length === 0;
  if (proto.length === 0 && !reflection) {
    throw refuseGrpcurlFlag('-use-reflection', 'without reflection the call needs `-proto` files');
  }
  if (proto.length > 0 && invocation.useReflection === true) {
    notes.push('grpcurl -use-reflection: runner reads the descriptor from the proto files alone');
  }
  if (invocation.rpcHeaders.length > 0 && reflection) {
    throw refuseGrpcurlFlag(
      '-rpc-header',
      'runner sends the same metadata to reflection and to the call (`-H`)',
    );
  }
  const metadata = [
    ...invocation.headers.map((header) => metadataEntry(header, '-H')),
    ...invocation.rpcHeaders.map((header) => metadataEntry(header, '-rpc-header')),
  ];
  const message = requestMessage(invocation, input);
  return {
    grpc: {
      url: grpcUrl(address, invocation.plaintext),
      ...serviceAndMethod(symbol),
      proto,
      metadata,
      ...(message === undefined ? {} : { message }),
      ...(invocation.maxTime === undefined ? {} : { timeout: `${Number(invocation.maxTime)}s` }),
    },
  };
}

/** Secrets in metadata and message fields, through the one place curl's headers and bodies go. */
function withoutSecrets(draft: DraftGrpc, options: CurlConversionOptions, fields: SecretFields): DraftGrpc {
  const isSensitive = options.isSensitive ?? secretNamePredicate();
  const before = fields.slots.length;
  const { request } = replaceSecrets(
    {
      method: 'POST',
      url: draft.grpc.url,
      query: [],
      headers: draft.grpc.metadata,
      ...(draft.grpc.message === undefined ? {} : { body: { kind: 'json', value: draft.grpc.message } }),
    },
    isSensitive,
    fields,
  );
  // The shared wording speaks of a request body; here the fields are the message's.
  for (const slot of fields.slots.slice(before))
    slot.what = slot.what.replace(/ of the body$/, ' of the message');
  const metadata: [string, DraftText][] = request.headers;
  const message = request.body?.kind === 'json' ? request.body.value : draft.grpc.message;
  return { grpc: { ...draft.grpc, metadata, ...(message === undefined ? {} : { message }) } };
}

/** Commands that all start with `grpcurl`: one `grpc` step each, in order. */
export function convertGrpcurlCommands(
  commands: readonly ShellCommand[],
  options: CurlConversionOptions,
): CurlConversion {
  const fields = new SecretFields();
  const notes: string[] = [];
  const ignoredFlags: string[] = [];
  const steps = commands.map((command) => {
    const invocation = parseGrpcurlArgs(command.words.slice(1));
    notes.push(...invocation.notes);
    ignoredFlags.push(...invocation.ignored);
    const input: CommandInput = {
      ...(options.files ? { files: options.files } : {}),
      ...(command.stdin ? { stdin: command.stdin } : {}),
    };
    return withoutSecrets(grpcDraft(invocation, input, notes), options, fields);
  });
  const ignored = [...new Set(ignoredFlags)];
  if (ignored.length > 0)
    notes.push(`left out, they only change grpcurl's own output: ${ignored.join(', ')}`);
  const variables = [...new Set(steps.flatMap((step) => shellVariablesIn(JSON.stringify(step))))];
  if (variables.length > 0) {
    notes.push(
      `shell variables became references to the environment variables of the run: ${variables.map((name) => `$env.${name}`).join(', ')}`,
    );
  }
  const yaml = printScenario({
    requests: steps,
    comments: [...new Set(notes)],
    secrets: fields.slots,
    credentialsFile: options.credentialsFile ?? '.runner/credentials/<env>.yaml',
    origin: ORIGIN,
  });
  return { yaml, warnings: [] };
}
