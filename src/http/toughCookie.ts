// tough-cookie (RFC 6265) in a module of its own, so cookieJar.ts loads it only when a server first sets a
// cookie: a run that never sees one never pays for it (bench W1).
export { CookieJar } from 'tough-cookie';
