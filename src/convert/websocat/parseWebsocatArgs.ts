/**
 * The words of a `websocat` command (issue 25) as a websocket step can say them: one client connection to a
 * `ws://` or `wss://` URL, its handshake headers and subprotocols, and whether it stops after one message.
 * What websocat does beyond that (serving, relaying between two addresses, binary frames, its overlays) is
 * refused by the option's name, like the curl converter: nothing is dropped silently.
 */
import { conversionError } from '../conversionError.js';

export interface WebsocatInvocation {
  url: string;
  headers: [string, string][];
  subprotocols: string[];
  /** `-1`: one message each way, then websocat exits. */
  oneMessage: boolean;
  /** `-u`: nothing read from standard input is sent. */
  receiveOnly: boolean;
  /** Notes for the scenario's header comment, one per option that needs one. */
  notes: string[];
  /** Options left out because they change only websocat's own output. */
  ignored: string[];
}

interface WebsocatOption {
  names: readonly string[];
  takesValue: boolean;
  apply(invocation: WebsocatInvocation, value: string, spelled: string): void;
}

function refuse(spelled: string, why: string): Error {
  return conversionError('unsupported-option', `websocat option \`${spelled}\` cannot be converted: ${why}`, {
    hint: 'remove the option if the test does not need it, or write that step by hand',
  });
}

function note(text: string): WebsocatOption['apply'] {
  return (invocation, _value, spelled) => invocation.notes.push(`websocat ${spelled}: ${text}`);
}

function refused(why: string): WebsocatOption['apply'] {
  return (_invocation, _value, spelled) => {
    throw refuse(spelled, why);
  };
}

/** `Name: value` (websocat splits at the first colon and drops one space after it). */
function header(invocation: WebsocatInvocation, value: string, spelled: string): void {
  const colon = value.indexOf(':');
  const name = colon < 0 ? '' : value.slice(0, colon).trim();
  if (name === '') throw refuse(spelled, `\`${value}\` is not \`Name: value\``);
  invocation.headers.push([name, value.slice(colon + 1).replace(/^ /, '')]);
}

const OPTIONS: readonly WebsocatOption[] = [
  { names: ['-H', '--header'], takesValue: true, apply: header },
  {
    names: ['--origin'],
    takesValue: true,
    apply: (invocation, value) => invocation.headers.push(['Origin', value]),
  },
  {
    names: ['--ua'],
    takesValue: true,
    apply: (invocation, value) => invocation.headers.push(['User-Agent', value]),
  },
  {
    names: ['--protocol'],
    takesValue: true,
    apply: (invocation, value) =>
      invocation.subprotocols.push(
        ...value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
  },
  {
    names: ['-1', '--one-message'],
    takesValue: false,
    apply: (invocation) => (invocation.oneMessage = true),
  },
  {
    names: ['-u', '--unidirectional'],
    takesValue: false,
    apply: (invocation) => (invocation.receiveOnly = true),
  },
  {
    names: ['-n', '--no-close'],
    takesValue: false,
    apply: note(
      'the step keeps receiving after it has sent; it closes the connection itself when it has collected what it waits for',
    ),
  },
  { names: ['-t', '--text'], takesValue: false, apply: note('a websocket step sends text frames') },
  {
    names: ['-k', '--insecure'],
    takesValue: false,
    apply: note(
      'runner checks TLS certificates; to accept self-signed ones set `http: { insecure: true }` in the environment file',
    ),
  },
  {
    names: ['-q', '-v', '-vv', '--quiet', '--verbose'],
    takesValue: false,
    apply: (invocation, _value, spelled) => {
      if (!invocation.ignored.includes(spelled)) invocation.ignored.push(spelled);
    },
  },
  {
    names: ['-b', '--binary'],
    takesValue: false,
    apply: refused('a websocket step sends text frames (a map goes out as JSON text)'),
  },
  {
    names: ['-s', '--server'],
    takesValue: false,
    apply: refused('runner connects to servers; it does not serve'),
  },
  {
    names: ['-U', '--unidirectional-reverse'],
    takesValue: false,
    apply: refused('a websocket step always receives what the server sends'),
  },
  {
    names: ['-E', '--exit-on-eof'],
    takesValue: false,
    apply: refused(
      'a websocket step ends on its `receive` goals (`count`, `until`, `timeout`), not on the end of its input',
    ),
  },
  {
    names: ['--basic-auth'],
    takesValue: true,
    apply: refused(
      'websocat versions read its value differently; send the header with `-H "Authorization: Basic ..."`',
    ),
  },
];

const BY_NAME = new Map(OPTIONS.flatMap((option) => option.names.map((name) => [name, option] as const)));

function isWebSocketUrl(word: string): boolean {
  return /^wss?:\/\/[^\s/]/i.test(word);
}

/** `args` are the words after `websocat`. */
export function parseWebsocatArgs(args: readonly string[]): WebsocatInvocation {
  const invocation: WebsocatInvocation = {
    url: '',
    headers: [],
    subprotocols: [],
    oneMessage: false,
    receiveOnly: false,
    notes: [],
    ignored: [],
  };
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? '';
    if (word === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word);
      continue;
    }
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const spelled = equals < 0 ? word : word.slice(0, equals);
    const option = BY_NAME.get(spelled);
    if (option === undefined) throw refuse(spelled, 'not an option this converter knows');
    let value = '';
    if (option.takesValue) {
      const next = equals < 0 ? args[++i] : word.slice(equals + 1);
      if (next === undefined) throw refuse(spelled, 'it needs a value');
      value = next;
    } else if (equals >= 0) {
      throw refuse(spelled, 'it takes no value');
    }
    option.apply(invocation, value, spelled);
  }
  const [url, second] = positionals;
  if (url === undefined) {
    throw conversionError('no-url', 'the websocat command has no URL', {
      hint: 'give the address to connect to, as in `websocat ws://localhost:8080/chat`',
    });
  }
  if (!isWebSocketUrl(url)) {
    throw conversionError(
      'unsupported-address',
      `websocat address \`${url}\` cannot be converted: a websocket step connects to a \`ws://\` or \`wss://\` URL`,
      { hint: 'write that step by hand' },
    );
  }
  if (second !== undefined) {
    throw conversionError(
      'unsupported-address',
      `websocat address \`${second}\` cannot be converted: a websocket step is one client connection, not a relay between two addresses`,
      { hint: 'leave the second address out: the step itself reads what the server sends' },
    );
  }
  invocation.url = url;
  return invocation;
}

export function isWebsocatProgram(word: string): boolean {
  return /(^|[/\\])websocat(\.exe)?$/i.test(word);
}
