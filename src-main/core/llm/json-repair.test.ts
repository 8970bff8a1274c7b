import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../contract';
import { repairJson } from './json-repair';
import { fitContext, estimateTokens } from './tokens';

describe('repairJson', () => {
  it('reads fenced JSON with trailing commas and surrounding prose', () => {
    expect(repairJson('Here you go:\n```json\n{"a": [1, 2,], "b": "x,]",}\n```')).toEqual({
      a: [1, 2],
      b: 'x,]',
    });
  });
  it('reports truncated output as a retryable schema failure', () => {
    const e = (() => {
      try {
        repairJson('{"entities": [{"entity_name": "TP5');
      } catch (err) {
        return err as AriadneError;
      }
    })();
    expect(e).toBeInstanceOf(AriadneError);
    expect(e?.code).toBe('schema_invalid');
    expect(e?.retryable).toBe(true);
    expect(e?.message).toMatch(/truncated/);
  });
  it('rejects text without JSON', () => {
    expect(() => repairJson('I cannot help with that.')).toThrow(/no JSON/);
  });
  it('does not mistake brackets in prose for cut-off JSON', () => {
    expect(() => repairJson('The passage [on page 3 discusses mTOR {sic')).toThrow(/no JSON/);
    expect(repairJson('As shown in [1], the result is {"a": 1}')).toEqual({ a: 1 });
    expect(repairJson('Questions: ["What is X?", "Why?"]')).toEqual(['What is X?', 'Why?']);
  });
});

describe('context sizing', () => {
  it('rounds num_ctx up and refuses prompts the model cannot hold', () => {
    expect(fitContext(1500, 1000, 32768, 'm')).toBe(3072);
    expect(fitContext(10, 10, 32768, 'm')).toBe(2048);
    expect(() => fitContext(3000, 1000, 2048, 'tiny')).toThrow(
      expect.objectContaining({ code: 'context_overflow' }),
    );
  });
  it('estimates tokens conservatively', () => {
    expect(estimateTokens('a'.repeat(300))).toBeGreaterThanOrEqual(100);
  });
});
