/**
 * grpcurl's command line (its flags are Go `flag` flags: `-name`, `--name`, `-name=value`; parsing stops at
 * the first word that is not a flag), read into what a `grpc` step can hold. Every flag grpcurl has is
 * known here: it maps to the step, is noted (a setting of the environment, not of the step), is left out
 * (it changes only grpcurl's own output), or refuses the conversion by name.
 */
import { conversionError } from '../conversionError.js';

export interface GrpcurlInvocation {
  /** `-plaintext`: `grpc://`, else `grpcs://`. */
  plaintext: boolean;
  /** `-d`: the request message as written (`@` reads standard input). */
  data?: string;
  /** `-H` and, where no reflection is asked, `-rpc-header`: `name: value` each. */
  headers: string[];
  rpcHeaders: string[];
  protoFiles: string[];
  importPaths: string[];
  /** `-use-reflection` as written; grpcurl's default is on unless proto files are given. */
  useReflection?: boolean;
  /** `-max-time` seconds. */
  maxTime?: string;
  /** Notes for the YAML header: settings that live in the environment file. */
  notes: string[];
  /** Flags that change only grpcurl's own output. */
  ignored: string[];
  /** The positional words: address, then the method (`pkg.Service/Method`). */
  positionals: string[];
}

type Apply = (invocation: GrpcurlInvocation, value: string, spelled: string) => void;

interface Flag {
  takesValue: boolean;
  apply: Apply;
}

export function refuseGrpcurlFlag(spelled: string, why: string): Error {
  return conversionError('unsupported-option', `grpcurl flag \`${spelled}\` cannot be converted: ${why}`, {
    hint: 'remove the flag if the call does not need it, or write that step by hand',
  });
}

function refused(why: string, takesValue = false): Flag {
  return {
    takesValue,
    apply: (_invocation, _value, spelled) => {
      throw refuseGrpcurlFlag(spelled, why);
    },
  };
}

const ignored = (takesValue: boolean): Flag => ({
  takesValue,
  apply: (invocation, _value, spelled) => {
    if (!invocation.ignored.includes(spelled)) invocation.ignored.push(spelled);
  },
});

function noted(takesValue: boolean, note: (value: string) => string): Flag {
  return {
    takesValue,
    apply: (invocation, value, spelled) => invocation.notes.push(`grpcurl ${spelled}: ${note(value)}`),
  };
}

function isTrue(value: string, spelled: string): boolean {
  if (/^(1|t|true)$/i.test(value)) return true;
  if (/^(0|f|false)$/i.test(value)) return false;
  throw refuseGrpcurlFlag(spelled, `\`${value}\` is not true or false`);
}

const TLS_SETTINGS =
  'TLS settings other than `http.insecure`, `http.caFile` and client certificates are not supported';

/** grpcurl's flags (cmd/grpcurl/grpcurl.go), by name without the dash. */
const FLAGS: Record<string, Flag> = {
  plaintext: {
    takesValue: false,
    apply: (invocation, value, spelled) => {
      invocation.plaintext = isTrue(value, spelled);
    },
  },
  insecure: noted(
    false,
    () =>
      'runner checks TLS certificates; to accept self-signed ones set `http: { insecure: true }` in the environment file',
  ),
  cacert: noted(true, (value) => `set \`http: { caFile: ${value} }\` in the environment file`),
  cert: noted(true, (value) => `set \`http: { clientCert: ${value} }\` in the environment file`),
  key: noted(true, (value) => `set \`http: { clientKey: ${value} }\` in the environment file`),
  d: {
    takesValue: true,
    apply: (invocation, value) => {
      invocation.data = value;
    },
  },
  H: { takesValue: true, apply: (invocation, value) => invocation.headers.push(value) },
  'rpc-header': { takesValue: true, apply: (invocation, value) => invocation.rpcHeaders.push(value) },
  proto: { takesValue: true, apply: (invocation, value) => invocation.protoFiles.push(value) },
  'import-path': { takesValue: true, apply: (invocation, value) => invocation.importPaths.push(value) },
  'use-reflection': {
    takesValue: false,
    apply: (invocation, value, spelled) => {
      invocation.useReflection = isTrue(value, spelled);
    },
  },
  'max-time': {
    takesValue: true,
    apply: (invocation, value, spelled) => {
      if (!/^\d+(\.\d+)?$/.test(value))
        throw refuseGrpcurlFlag(spelled, `\`${value}\` is not a number of seconds`);
      invocation.maxTime = value;
    },
  },
  format: {
    takesValue: true,
    apply: (invocation, value, spelled) => {
      if (value !== 'json')
        throw refuseGrpcurlFlag(spelled, 'runner writes request messages as JSON-like maps only');
      ignored(true).apply(invocation, value, spelled);
    },
  },
  'connect-timeout': noted(true, () => "runner bounds connecting by the step's `timeout`"),
  'allow-unknown-fields': noted(false, () => 'runner refuses a message field the request type does not have'),
  'emit-defaults': ignored(false),
  'format-error': ignored(false),
  v: ignored(false),
  vv: ignored(false),
  'keepalive-time': ignored(true),
  'max-msg-sz': ignored(true),
  'reflect-header': refused('runner sends the same metadata to reflection and to the call (`-H`)', true),
  'expand-headers': refused('write the variables into `metadata` as `${env.NAME}` after converting'),
  protoset: refused('runner reads `.proto` source files (`-proto`) or asks the server (reflection)', true),
  'protoset-out': refused('runner writes no descriptor files', true),
  'proto-out-dir': refused('runner writes no proto files', true),
  'msg-template': refused('it only describes a message'),
  authority: refused("runner sends the URL's `host:port` as the authority", true),
  servername: refused(TLS_SETTINGS, true),
  'user-agent': refused('runner sends its own user agent', true),
  alts: refused(TLS_SETTINGS),
  'alts-handshaker-service': refused(TLS_SETTINGS, true),
  'alts-target-service-account': refused(TLS_SETTINGS, true),
  unix: refused('runner connects over TCP (`grpc://host:port`), not to a unix socket'),
  help: refused('it prints help; there is no call to convert'),
  version: refused('it prints a version; there is no call to convert'),
};

/** `args`: the words after `grpcurl`. */
export function parseGrpcurlArgs(args: readonly string[]): GrpcurlInvocation {
  const invocation: GrpcurlInvocation = {
    plaintext: false,
    headers: [],
    rpcHeaders: [],
    protoFiles: [],
    importPaths: [],
    notes: [],
    ignored: [],
    positionals: [],
  };
  let index = 0;
  for (; index < args.length; index++) {
    const word = args[index] ?? '';
    if (word === '--') {
      index += 1;
      break;
    }
    const match = /^--?([^=-][^=]*)(?:=(.*))?$/s.exec(word);
    if (match === null) break;
    const [, name = '', inline] = match;
    const spelled = `-${name}`;
    const flag = FLAGS[name];
    if (flag === undefined) {
      throw conversionError('unknown-option', `unknown grpcurl flag \`${word.replace(/=.*$/s, '')}\``, {
        hint: 'check the spelling against `grpcurl -help`',
      });
    }
    let value = inline ?? 'true';
    if (flag.takesValue && inline === undefined) {
      const next = args[index + 1];
      if (next === undefined) throw refuseGrpcurlFlag(spelled, 'it needs a value');
      value = next;
      index += 1;
    }
    flag.apply(invocation, value, spelled);
  }
  invocation.positionals = args.slice(index);
  return invocation;
}
