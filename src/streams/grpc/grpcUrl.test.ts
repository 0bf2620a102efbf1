import { describe, expect, it } from 'vitest';
import { parseGrpcUrl } from './grpcUrl.js';

describe('parseGrpcUrl', () => {
  it('reads plain and TLS URLs with their ports', () => {
    expect(parseGrpcUrl('grpc://localhost:50051')).toEqual({
      target: { tls: false, host: 'localhost', port: 50051, authority: 'localhost:50051' },
    });
    expect(parseGrpcUrl('grpcs://[::1]:8443')).toEqual({
      target: { tls: true, host: '::1', port: 8443, authority: '[::1]:8443' },
    });
  });

  it('takes the HTTP/2 ports when the URL has none', () => {
    expect(parseGrpcUrl('grpc://api.example.com')).toMatchObject({ target: { port: 80 } });
    expect(parseGrpcUrl('grpcs://api.example.com/')).toMatchObject({
      target: { port: 443, authority: 'api.example.com:443' },
    });
  });

  it('says what is wrong with a URL that is no gRPC URL', () => {
    expect(parseGrpcUrl('https://api.example.com')).toEqual({
      problem: 'unsupported scheme `https:` (use grpc:// or grpcs://)',
    });
    expect(parseGrpcUrl('localhost:50051')).toEqual({
      problem: 'unsupported scheme `localhost:` (use grpc:// or grpcs://)',
    });
    expect(parseGrpcUrl('not a url')).toEqual({
      problem: 'expected `grpc://host:port` or `grpcs://host:port`',
    });
    expect(parseGrpcUrl('grpc://h:1/pkg.Service/Method')).toEqual({
      problem: 'the service and method go in `service` and `method`, not in the URL',
    });
    expect(parseGrpcUrl('grpc://user:pw@h:1')).toMatchObject({
      problem: expect.stringContaining('metadata'),
    });
  });
});
