import { describe, expect, it } from 'vitest';
import { closestGrpcStatus, grpcStatusCode, grpcStatusName } from './grpcStatus.js';

describe('gRPC status names and numbers', () => {
  it('names each code as the gRPC specification does', () => {
    expect(grpcStatusName(0)).toBe('OK');
    expect(grpcStatusName(5)).toBe('NOT_FOUND');
    expect(grpcStatusName(16)).toBe('UNAUTHENTICATED');
    expect(grpcStatusName(17)).toBeUndefined();
  });

  it('reads a status written as a name or a number', () => {
    expect(grpcStatusCode('NOT_FOUND')).toBe(5);
    expect(grpcStatusCode('not_found')).toBeUndefined();
    expect(grpcStatusCode(14)).toBe(14);
    expect(grpcStatusCode('3')).toBe(3);
    expect(grpcStatusCode('NOPE')).toBeUndefined();
    expect(grpcStatusCode(99)).toBeUndefined();
    expect(grpcStatusCode(1.5)).toBeUndefined();
    expect(grpcStatusCode(true)).toBeUndefined();
  });

  it('suggests the nearest name for a misspelt one', () => {
    expect(closestGrpcStatus('NOT_FOUNDD')).toBe('NOT_FOUND');
    expect(closestGrpcStatus('unavailable')).toBe('UNAVAILABLE');
    expect(closestGrpcStatus('BROKEN')).toBeUndefined();
  });
});
