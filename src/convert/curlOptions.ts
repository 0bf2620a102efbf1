/**
 * The curl options the converter knows, declared once as data: whether each takes a value (so the words
 * after it are read correctly) and what it becomes. Options that change only curl's own output are
 * ignored; options runner cannot express refuse the conversion by name, and so does an unknown option:
 * nothing is dropped silently (DECISIONS, Authoring: `convert` sends what curl sends).
 */
import { refusedAuthMessage } from '../language/index.js';
import { conversionError } from './conversionError.js';
import { addNote, type CurlInvocation, type DataKind } from './curlInvocation.js';

export interface CurlOption {
  long: string;
  short?: string;
  takesValue: boolean;
  apply(invocation: CurlInvocation, value: string, spelled: string): void;
}

type Apply = CurlOption['apply'];

function option(names: string, takesValue: boolean, apply: Apply): CurlOption[] {
  const [long = '', short] = names.split(' ');
  return [{ long, ...(short ? { short } : {}), takesValue, apply }];
}

function data(names: string, kind: DataKind): CurlOption[] {
  return option(names, true, (invocation, value) => invocation.data.push({ kind, value }));
}

function noted(names: string, takesValue: boolean, note: (value: string) => string): CurlOption[] {
  return option(names, takesValue, (invocation, value, spelled) => addNote(invocation, spelled, note(value)));
}

/** Each name is `long` or `long short`; all share `takesValue`. */
function each(names: string[], takesValue: boolean, apply: Apply): CurlOption[] {
  return names.flatMap((name) => option(name, takesValue, apply));
}

export function refuseOption(spelled: string, why: string): Error {
  return conversionError('unsupported-option', `curl option \`${spelled}\` cannot be converted: ${why}`, {
    hint: 'remove the option if the request does not need it, or write that step by hand',
  });
}

function unsupported(names: string[], takesValue: boolean, why: string): CurlOption[] {
  return each(names, takesValue, (_invocation, _value, spelled) => {
    throw refuseOption(spelled, why);
  });
}

const ignore: Apply = (invocation, _value, spelled) => {
  if (!invocation.ignored.includes(spelled)) invocation.ignored.push(spelled);
};

/**
 * `--resolve host:port:address` is runner's `http.resolve` pin; curl's other forms (`+host` and `-host`
 * entries, a `*` host, several addresses) have no equivalent.
 */
function resolveNote(value: string, spelled: string): string {
  const pin = /^([^:+\-*[\]\s]+):(\d{1,5}):(\[[0-9a-fA-F:.]+\]|[0-9.]+)$/.exec(value);
  const [, host, port, written] = pin ?? [];
  if (host === undefined || port === undefined || written === undefined) {
    throw refuseOption(spelled, 'runner pins one `host:port` to one address (`http.resolve`)');
  }
  const key = `${host.toLowerCase()}:${port}`;
  const address = written.replace(/^\[(.*)\]$/, '$1');
  return `set \`http: { resolve: { "${key}": "${address}" } }\` in the environment file, or run \`runner run --resolve ${key}:${address.includes(':') ? `[${address}]` : address}\``;
}

function clientTlsNote(setting: 'clientCert' | 'clientKey', file: string): string {
  return `set \`http: { ${setting}: ${file} }\` in the environment file (PEM, relative to the project root; \`clientCert\` and \`clientKey\` are set together, and name the same file when it holds both)`;
}

const HTTP2_NOTE =
  'runner negotiates HTTP/2 with HTTPS servers that offer it (`http.http2`, default true); set `http: { http2: false }` in the environment file for HTTP/1.1 only';

export const CURL_OPTIONS: readonly CurlOption[] = [
  ...option('url', true, (invocation, value) => invocation.urls.push(value)),
  ...option('request X', true, (invocation, value) => (invocation.method = value)),
  ...option('header H', true, (invocation, value) => invocation.headers.push(value)),
  ...data('data d', 'data'),
  ...data('data-ascii', 'data'),
  ...data('data-raw', 'raw'),
  ...data('data-binary', 'binary'),
  ...data('data-urlencode', 'urlencode'),
  ...data('json', 'json'),
  ...option('form F', true, (invocation, value) => invocation.form.push({ literal: false, value })),
  ...option('form-string', true, (invocation, value) => invocation.form.push({ literal: true, value })),
  ...option('url-query', true, (invocation, value) => invocation.urlQueries.push(value)),
  ...option('user u', true, (invocation, value) => (invocation.user = value)),
  ...option('oauth2-bearer', true, (invocation, value) => (invocation.bearer = value)),
  ...option('cookie b', true, (invocation, value) => invocation.cookies.push(value)),
  ...option('user-agent A', true, (invocation, value) => (invocation.userAgent = value)),
  ...option('referer e', true, (invocation, value) => (invocation.referer = value)),
  ...option('range r', true, (invocation, value) => (invocation.range = value)),
  ...option('max-time m', true, (invocation, value) => (invocation.maxTime = value)),
  ...option('get G', false, (invocation) => (invocation.get = true)),
  ...option('head I', false, (invocation) => (invocation.head = true)),
  ...noted(
    'insecure k',
    false,
    () =>
      'runner checks TLS certificates; to accept self-signed ones set `http: { insecure: true }` in the environment file',
  ),
  ...noted(
    'location L',
    false,
    () => 'runner follows redirects by default (`http.maxRedirects`, default 10)',
  ),
  ...noted('location-trusted', false, () => 'runner follows redirects by default (`http.maxRedirects`)'),
  ...option('compressed', false, (invocation) => (invocation.compressed = true)),
  ...noted('max-redirs', true, (value) => `set \`http: { maxRedirects: ${value} }\` in the environment file`),
  ...noted('cacert', true, (value) => `set \`http: { caFile: ${value} }\` in the environment file`),
  ...noted(
    'retry',
    true,
    () => 'to poll until a check passes, add `retry:` to the step (attempts, interval, onStatus)',
  ),
  ...noted(
    'cookie-jar c',
    true,
    () => 'runner keeps no cookie jar: save a `headers.set-cookie` value and send it in a later step',
  ),
  ...option('http2', false, (invocation, _value, spelled) => {
    invocation.http2Upgrade = true;
    addNote(invocation, spelled, HTTP2_NOTE);
  }),
  ...unsupported(
    ['http2-prior-knowledge'],
    false,
    'runner speaks HTTP/2 only over HTTPS, after negotiating it',
  ),
  ...noted('http1.1', false, () => HTTP2_NOTE),
  ...noted('http1.0 0', false, () => HTTP2_NOTE),
  ...option('upload-file T', true, (invocation, value) => invocation.uploads.push(value)),
  ...option('continue-at C', true, (invocation, value, spelled) => {
    if (!/^\d+$/.test(value)) throw refuseOption(spelled, 'curl finds the offset from a local file');
    invocation.continueAt = value;
  }),
  ...option('time-cond z', true, (invocation, value) => (invocation.timeCond = value)),
  ...option('etag-compare', true, (invocation, value) => (invocation.etagCompare = value)),
  ...option('path-as-is', false, (invocation) => (invocation.pathAsIs = true)),
  ...option('globoff g', false, (invocation) => (invocation.globoff = true)),
  ...option('form-escape', false, (invocation) => (invocation.formEscape = true)),
  ...option('proto-default', true, (invocation, value) => (invocation.protoDefault = value)),
  ...option('request-target', true, (invocation, value, spelled) => {
    if (!value.startsWith('/')) {
      throw refuseOption(spelled, 'runner sends a path as the request target, never `*` or an absolute URL');
    }
    if (/[^\x21-\x7e]/.test(value)) {
      throw refuseOption(
        spelled,
        'curl sends spaces and non-ASCII characters in it unencoded; runner encodes them',
      );
    }
    invocation.requestTarget = value;
  }),
  ...unsupported(
    ['tr-encoding', 'haproxy-protocol'],
    false,
    'runner does not send the headers or preamble it adds',
  ),
  ...option('basic', false, ignore),
  ...option('junk-session-cookies j', false, (invocation) => (invocation.junkSessionCookies = true)),
  ...option('remote-name O', false, (invocation) => (invocation.remoteName = true)),
  ...option('digest', false, (invocation) => (invocation.digest = true)),
  ...option('aws-sigv4', true, (invocation, value) => (invocation.awsSigv4 = value)),
  ...unsupported(['ntlm', 'ntlm-wb'], false, refusedAuthMessage('NTLM')),
  ...unsupported(['negotiate'], false, refusedAuthMessage('Negotiate (SPNEGO)')),
  ...unsupported(
    ['anyauth'],
    false,
    'curl would pick the scheme the server asks for; say which with `--basic` or `--digest`',
  ),
  ...unsupported(
    ['proxy x', 'proxy-user U'],
    true,
    'a proxy is an environment setting in runner (`http.proxy`), and through it runner sends `Connection: keep-alive` where curl sends `Proxy-Connection: Keep-Alive`',
  ),
  ...unsupported(
    ['preproxy', 'socks4', 'socks4a', 'socks5', 'socks5-hostname'],
    true,
    'runner connects through HTTP proxies only',
  ),
  ...noted(
    'noproxy',
    true,
    (hosts) =>
      `runner bypasses a proxy for the hosts in the NO_PROXY environment variable: set \`NO_PROXY=${hosts}\` where it runs, or \`http: { proxy: false }\` in the environment file`,
  ),
  ...option('resolve', true, (invocation, value, spelled) =>
    addNote(invocation, spelled, resolveNote(value, spelled)),
  ),
  ...unsupported(
    ['connect-to', 'interface', 'unix-socket', 'abstract-unix-socket', 'dns-servers', 'local-port'],
    true,
    "runner connects to the URL's own host",
  ),
  ...unsupported(['ipv4 4', 'ipv6 6'], false, "runner connects to the URL's own host"),
  ...option('cert E', true, (invocation, value, spelled) => {
    // `--cert file:password`; a drive letter (`C:\\certs\\a.pem`) is not one.
    if (value.replace(/^[A-Za-z]:[\\/]/, '').includes(':')) {
      throw refuseOption(
        spelled,
        'a password after `:` (set `http.clientKeyPassphrase` and give the file alone)',
      );
    }
    addNote(invocation, spelled, clientTlsNote('clientCert', value));
  }),
  ...option('key', true, (invocation, value, spelled) =>
    addNote(invocation, spelled, clientTlsNote('clientKey', value)),
  ),
  ...each(['cert-type', 'key-type'], true, (_invocation, value, spelled) => {
    if (value.toUpperCase() !== 'PEM')
      throw refuseOption(spelled, 'runner reads PEM certificates and keys only');
  }),
  ...noted(
    'pass',
    true,
    () =>
      'the key passphrase is a secret: set `http: { clientKeyPassphrase: $accounts.<account>.<field> }` in the environment file and the value in the credentials file',
  ),
  ...unsupported(
    ['capath', 'ciphers', 'tls-max', 'pinnedpubkey', 'curves'],
    true,
    'TLS settings other than `http.insecure`, `http.caFile` and client certificates are not supported',
  ),
  ...unsupported(
    ['tlsv1', 'tlsv1.0', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3', 'sslv2', 'sslv3', 'http3', 'http3-only'],
    false,
    'runner does not choose TLS or HTTP/3 versions',
  ),
  ...unsupported(['config K'], true, 'options in a curl config file are not read'),
  ...unsupported(['netrc n', 'netrc-optional'], false, 'credentials in .netrc are not read'),
  ...unsupported(['netrc-file'], true, 'credentials in .netrc are not read'),
  ...unsupported(['variable', 'expand-url', 'expand-data'], true, 'curl variables are not expanded'),
  ...unsupported(['quote Q'], true, 'FTP commands are not supported'),
  ...each(
    [
      'silent s',
      'show-error S',
      'verbose v',
      'include i',
      'show-headers',
      'fail f',
      'fail-with-body',
      'fail-early',
      'progress-bar #',
      'no-buffer N',
      'no-progress-meter',
      'remote-name-all',
      'remote-header-name J',
      'remote-time R',
      'create-dirs',
      'tcp-nodelay',
      'tcp-fastopen',
      'no-keepalive',
      'styled-output',
      'raw',
      'ssl-no-revoke',
      'disable q',
      'trace-time',
      'remove-on-error',
      'no-sessionid',
      'no-alpn',
      'no-npn',
      'post301',
      'post302',
      'post303',
      'retry-all-errors',
      'retry-connrefused',
      'parallel Z',
      'parallel-immediate',
      'suppress-connect-headers',
      'false-start',
      'no-clobber',
      'cert-status',
      'xattr',
    ],
    false,
    ignore,
  ),
  ...each(
    [
      'output o',
      'libcurl',
      'etag-save',
      'write-out w',
      'dump-header D',
      'trace',
      'trace-ascii',
      'stderr',
      'connect-timeout',
      'keepalive-time',
      'limit-rate',
      'max-filesize',
      'parallel-max',
      'output-dir',
      'retry-delay',
      'retry-max-time',
      'speed-limit Y',
      'speed-time y',
      'expect100-timeout',
      'happy-eyeballs-timeout-ms',
      'proto',
      'proto-redir',
    ],
    true,
    ignore,
  ),
];
