import { describe, expect, it } from 'vitest';
import { AriadneError, ERROR_CODES, toRpcError } from './errors';
import { RpcErrorSchema } from './wire';

describe('toRpcError', () => {
  it('keeps an AriadneError whole', () => {
    const e = new AriadneError('model_missing', 'pull it', {
      retryable: true,
      action: { kind: 'pull-model' },
    });
    expect(toRpcError(e)).toEqual({
      code: 'model_missing',
      message: 'pull it',
      retryable: true,
      action: { kind: 'pull-model' },
    });
  });

  it('takes an error that arrived as data (from a worker or the wire) when its shape is an RpcError', () => {
    expect(toRpcError({ code: 'timeout', message: 'slow', retryable: true, extra: 1 })).toEqual({
      code: 'timeout',
      message: 'slow',
      retryable: true,
    });
    expect(toRpcError({ code: 'not_found', message: 'gone', action: { kind: 'x' } })).toEqual({
      code: 'not_found',
      message: 'gone',
      action: { kind: 'x' },
    });
  });

  it('reports anything else as internal (or disk_full), with its message', () => {
    // A Node system error has a code too, but not one of ours.
    const enoent = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    expect(toRpcError(enoent)).toEqual({ code: 'internal', message: 'ENOENT: no such file' });
    expect(toRpcError({ code: 'timeout', message: 'slow', retryable: 'yes' })).toMatchObject({
      code: 'internal',
    });
    expect(toRpcError({ code: 'timeout', message: 'slow', action: ['x'] })).toMatchObject({
      code: 'internal',
    });
    expect(toRpcError(new Error('ENOSPC: no space left on device'))).toMatchObject({
      code: 'disk_full',
      retryable: true,
    });
    expect(toRpcError('plain')).toEqual({ code: 'internal', message: 'plain' });
  });

  it('agrees with the wire schema on every code', () => {
    for (const code of ERROR_CODES) {
      const data = { code, message: 'm', retryable: false, action: { kind: 'k' } };
      expect(RpcErrorSchema.parse(data)).toEqual(toRpcError(data));
    }
    expect(RpcErrorSchema.safeParse({ code: 'nope', message: 'm' }).success).toBe(false);
  });
});
