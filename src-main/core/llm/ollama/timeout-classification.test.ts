import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from './ollama-provider';

// An Ollama stand-in that never answers /api/show: a chat call's first step (reading the model's context
// length) then outlives the call's own timeout, as it did under CPU load with 16 first calls at once.
let server: http.Server;
let host: string;
beforeAll(async () => {
  server = http.createServer((req) => {
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('a call that times out during its context-length step', () => {
  it('is a retryable timeout, not a cancellation', async () => {
    const provider = createOllamaProvider({
      host,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      timeoutMs: 150,
    });
    const err = await provider.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'timeout', retryable: true });
    expect(provider.metrics.snapshot().byOutcome).toMatchObject({ timeout: 1 });
    expect(provider.metrics.snapshot().byOutcome.cancelled ?? 0).toBe(0);
  });

  it('is still a cancellation when the caller aborts', async () => {
    const provider = createOllamaProvider({
      host,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      timeoutMs: 5_000,
    });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const err = await provider
      .chat({ messages: [{ role: 'user', content: 'hi' }], signal: ctl.signal })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'cancelled' });
  });
});
