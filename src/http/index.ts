export type {
  DialPlan,
  HttpClient,
  HttpClientOptions,
  HttpRequest,
  HttpResponse,
  HttpStreamHead,
  PeerCertificate,
  StreamSink,
} from './types.js';
export { toHttpError, type FailureContext } from './transportErrors.js';
export { describeBytes, describeDuration, HttpError, type HttpErrorCode } from './httpError.js';
export { createHttpClient } from './client.js';
export type { HostResolver, ResolvedAddress } from './hostResolver.js';
export type { SandboxPolicy } from './sandbox/policy.js';
export { applyQuery, resolveUrl, type UrlTargets } from './resolveUrl.js';
export { decodeBody, serializeBody, type DecodedBody } from './body.js';
export { findHeader } from './headers.js';
export { urlCredentials, type UrlCredentials } from './urlCredentials.js';
export { parsePinAddress, parsePinFlag, type PinnedHosts } from './pinnedHosts.js';
export { proxySettingsFromEnvironment, type ProxySettings } from './proxyRoute.js';
export type { HttpVersion } from './types.js';
export { createScenarioCookieJar, type CookieView, type ScenarioCookieJar } from './cookieJar.js';
