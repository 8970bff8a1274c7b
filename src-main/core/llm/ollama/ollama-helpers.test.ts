import { describe, expect, it } from 'vitest';
import { recommendModels } from '../recommend';
import { createOllamaServer, toModelInfo } from './ollama-server';

const server = createOllamaServer({ host: 'http://127.0.0.1:11434' });
const ctx = { model: 'qwen2.5:7b', timedOut: false, cancelled: false, timeoutMs: 0 };
const classifyOllamaError = (e: unknown, c: Partial<typeof ctx> = {}) => server.classify(e, { ...ctx, ...c });

describe('classifyOllamaError', () => {
  it('maps connection refused to server_unreachable, naming Ollama', () => {
    const e = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const err = classifyOllamaError(e);
    expect(err.code).toBe('server_unreachable');
    expect(err.message).toBe('Ollama is not running at http://127.0.0.1:11434.');
  });
  it('maps a 404 to model_missing with a pull action', () => {
    const e = Object.assign(new Error('model "llama9" not found, try pulling it first'), {
      name: 'ResponseError',
      status_code: 404,
    });
    const err = classifyOllamaError(e);
    expect(err.code).toBe('model_missing');
    expect(err.message).toMatch(/llama9 is not installed/);
    expect(err.action).toEqual({ kind: 'pull-model', model: 'llama9' });
  });
  it('marks 5xx, 503 and timeouts retryable but 400 not', () => {
    const http = (status: number) =>
      Object.assign(new Error('x'), { name: 'ResponseError', status_code: status });
    expect(classifyOllamaError(http(500)).retryable).toBe(true);
    expect(classifyOllamaError(http(503)).message).toMatch(/queue full/);
    expect(classifyOllamaError(http(400)).retryable).toBe(false);
    expect(classifyOllamaError(new Error('aborted'), { timedOut: true, timeoutMs: 5000 }).code).toBe(
      'timeout',
    );
    expect(classifyOllamaError(new Error('aborted'), { cancelled: true }).code).toBe('cancelled');
  });
});

describe('recommendModels', () => {
  it('prefers a known instruction family and a real embedding model', () => {
    const models = [
      { name: 'llama3.2:1b', details: { family: 'llama', parameter_size: '1.2B' } },
      { name: 'qwen2.5:7b', details: { family: 'qwen2', parameter_size: '7.6B' } },
      { name: 'all-minilm:latest', details: { family: 'bert', parameter_size: '23M' } },
      { name: 'nomic-embed-text:latest', details: { family: 'nomic-bert', parameter_size: '137M' } },
    ].map(toModelInfo);
    expect(models.filter((m) => m.kind === 'embed').map((m) => m.name)).toHaveLength(2);
    expect(recommendModels(models)).toEqual({ chat: 'qwen2.5:7b', embed: 'nomic-embed-text:latest' });
    expect(recommendModels([])).toEqual({ chat: null, embed: null });
  });
});
