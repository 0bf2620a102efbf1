import { spawn } from 'node:child_process';
import { comparableRequest, type WireRequest } from './recordingServer.js';

/**
 * Runs a command text with bash in `cwd` (stdin empty, no ~/.curlrc: HOME is `cwd`), as the real curl of the
 * wire-comparison tests. Never rejects: a command curl refuses simply sends nothing.
 */
export function runCurl(text: string, cwd: string, variables: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', text], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, ...variables },
      stdio: ['ignore', 'ignore', 'ignore'],
      timeout: 10_000,
    });
    child.on('close', () => resolve());
    child.on('error', () => resolve());
  });
}

/**
 * How curl 7.88 delivers a `-T` upload: `Expect: 100-continue` (it waits for the go-ahead) and, for standard
 * input, `Transfer-Encoding: chunked`. runner sends the same request with the body at once; a converted
 * scenario says so in a note (UPLOAD_NOTE), and only then are these two framing headers left out of curl's
 * side of a comparison.
 */
const UPLOAD_NOTE = 'curl -T: curl also sends `Expect: 100-continue`';

function withoutUploadFraming(request: WireRequest): WireRequest {
  const framing = (name: string, value: string) =>
    (name.toLowerCase() === 'expect' && value === '100-continue') ||
    (name.toLowerCase() === 'transfer-encoding' && value === 'chunked');
  return { ...request, headers: request.headers.filter(([name, value]) => !framing(name, value)) };
}

/**
 * SigV4 (issue 23): a signature covers the time, so curl's and runner's never match byte for byte. Both
 * sides keep the credential scope (key id, region, service); the date and signature go, and so does
 * `X-Amz-Content-Sha256`, which runner sends and signs for every service as the AWS SDK's signer does
 * (DECISIONS, "Finer points (wave 3)") where curl sends it only for s3.
 */
function withoutSignatureTime(request: WireRequest): WireRequest {
  const headers = request.headers
    .filter(([name]) => !['x-amz-date', 'x-amz-content-sha256'].includes(name.toLowerCase()))
    .map(([name, value]): [string, string] =>
      name.toLowerCase() === 'authorization'
        ? [name, value.replace(/^(AWS4-HMAC-SHA256 Credential=[^/]+)\/\d{8}(\/[^,]+),.*$/, '$1$2')]
        : [name, value],
    );
  return { ...request, headers };
}

/**
 * One server's requests, curl's first (`curlCount` of them), then runner's, each in comparable form; curl's
 * upload framing is left out only when the converted scenario (`yaml`) notes it.
 */
export function curlAndRunner(
  requests: readonly WireRequest[],
  curlCount: number,
  yaml: string | undefined,
): { fromCurl: string[]; fromRunner: string[] } {
  const noted = yaml?.includes(UPLOAD_NOTE) === true;
  const signed = yaml?.includes('awsSigV4:') === true;
  const comparable = (request: WireRequest) =>
    comparableRequest(signed ? withoutSignatureTime(request) : request);
  return {
    fromCurl: requests
      .slice(0, curlCount)
      .map((request) => comparable(noted ? withoutUploadFraming(request) : request)),
    fromRunner: requests.slice(curlCount).map(comparable),
  };
}
