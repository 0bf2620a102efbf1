// The AWS SDK's own SigV4 signer, in a module of its own so awsSigV4.ts loads it on first use
// (`await import('./awsSigner.js')`) while the package is imported statically (see src/cache/redisClient.ts).
export { SignatureV4 } from '@smithy/signature-v4';
