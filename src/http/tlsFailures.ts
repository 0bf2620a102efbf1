/** A TLS failure in words a user can act on (DECISIONS, "HTTP": TLS errors name the host and the cause). */
export interface TlsFailure {
  words: string;
  hint: string;
}

const TRUST_HINT = 'trust its CA with `http.caFile`, or accept it with `http.insecure: true`';

/** OpenSSL and Node error codes to causes; undefined for a code not worth a sentence of its own. */
export function describeTlsFailure(code: string, hostname: string): TlsFailure | undefined {
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return { words: 'the server certificate has expired', hint: 'the server must renew its certificate' };
    case 'CERT_NOT_YET_VALID':
      return {
        words: 'the server certificate is not valid yet',
        hint: "check the server's and this machine's clocks",
      };
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return { words: 'the server certificate is self-signed', hint: TRUST_HINT };
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return {
        words: 'the certificate chain ends in a self-signed CA that is not trusted',
        hint: TRUST_HINT,
      };
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return { words: 'the server certificate is signed by an unknown authority', hint: TRUST_HINT };
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return {
        words: `the server certificate does not match the host name ${hostname}`,
        hint: 'use the name the certificate was issued for; `http.resolve` can point that name at this address',
      };
    case 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED':
    case 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE':
    case 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE':
    case 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA':
      return {
        words: 'the server requires a client certificate it accepts, and none was sent or it was refused',
        hint: 'set `http.clientCert` and `http.clientKey` for this environment',
      };
    case 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL':
      return {
        words: 'the server speaks only HTTP/2, and HTTP/2 was not offered',
        hint: 'set `http.http2: true` (the default) for this environment',
      };
    case 'CERT_REVOKED':
      return {
        words: 'the server certificate has been revoked',
        hint: 'the server must replace its certificate',
      };
    default:
      return undefined;
  }
}
