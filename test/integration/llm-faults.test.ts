import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AriadneError } from '../../src-main/contract';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { BIOMEDICAL_ENTITY_TYPES, extractionSchema } from '../../src-main/core/llm/schemas';
import { createTasks } from '../../src-main/core/llm/tasks';
import { answerPrompt } from '../../src-main/core/llm/prompts';
import { mulberry32 } from '../sim/faults';
import { type Sim, startSim } from '../sim/server';

const SENTENCES = [
  'Metformin activates AMP-activated protein kinase (AMPK) in hepatocytes.',
  'Rapamycin inhibits mTORC1 and extends lifespan in mice.',
  'Mutations in TP53 and BRCA1 were associated with cancer.',
  'Akkermansia muciniphila reduces diet-induced obesity in mice.',
  'Caloric restriction lowers insulin resistance and inflammation.',
  'Senescent cells accumulate in adipose tissue with aging.',
];

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({
    port: 0,
    faults: { seed: 2024, default: { rate: 0.3, stallMs: 10_000, latencyMs: 1 } },
  });
});
afterAll(() => sim?.close());

describe('structured extraction under 30% mixed faults', () => {
  it('ends each of 200 calls in a valid object or a classified error', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      // Stalls last 10 s; 2 s is far above an answered call even on a loaded machine, where 400 ms was not.
      timeoutMs: 2_000,
      concurrency: 16,
    });
    const tasks = createTasks(provider, {
      attempts: 3,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
      random: mulberry32(1),
    });
    const schema = extractionSchema(BIOMEDICAL_ENTITY_TYPES);
    const t0 = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const text = `${SENTENCES[i % SENTENCES.length]} Sample ${i} was analysed. ${SENTENCES[(i * 7 + 3) % SENTENCES.length]}`;
        return tasks.extract({ text });
      }),
    );
    const elapsed = Date.now() - t0;
    process.off('unhandledRejection', onUnhandled);

    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of ok) expect(schema.safeParse(r.value).success).toBe(true);
    for (const r of failed) {
      expect(r.reason).toBeInstanceOf(AriadneError);
      expect(['schema_invalid', 'upstream', 'timeout', 'model_missing']).toContain(
        (r.reason as AriadneError).code,
      );
    }
    expect(unhandled).toEqual([]);
    const m = provider.metrics.snapshot();
    const faults = sim.stats().faults;
    const injected = Object.values(faults).reduce((a, b) => a + (b ?? 0), 0);
    console.log(
      `200 extractions in ${elapsed} ms: ${ok.length} ok, ${failed.length} failed after retries; ` +
        `${m.calls} calls by outcome ${JSON.stringify(m.byOutcome)}; injected ${JSON.stringify(faults)}`,
    );
    expect(ok.length).toBeGreaterThanOrEqual(170);
    expect(m.byOutcome['schema-invalid']).toBeGreaterThan(0);
    expect(m.byOutcome['upstream-error']).toBeGreaterThan(0);
    expect(m.byOutcome.timeout).toBeGreaterThan(0);
    // Every attempt is at most one /api/chat call; one that timed out may have been cut before the
    // simulator read it (or while the call still read the model's context length).
    const atSim = sim.stats().byEndpoint['/api/chat'] ?? 0;
    expect(atSim).toBeLessThanOrEqual(m.byOp.extract!.calls);
    expect(m.byOp.extract!.calls - atSim).toBeLessThanOrEqual(m.byOp.extract!.byOutcome.timeout);
    expect(m.byOp.extract!.byOutcome.ok).toBe(ok.length);
    expect(injected).toBeGreaterThan(40);
  });
});

describe('cancellation', () => {
  it('stops an injected slow stream well before its next token and frees the server side', async () => {
    // Tokens 2 s apart: a stop well under that proves the stream did not wait for the next token, with
    // room for a loaded machine's scheduling delays (the stop took 1–2 ms here).
    sim.setFaults({ default: { tokenLatencyMs: 2_000 } });
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
    });
    const tasks = createTasks(provider);
    const ctl = new AbortController();
    const sources = [{ n: 1, text: SENTENCES.join(' ') }];
    let tokens = 0;
    let abortedAt = 0;
    let error: unknown;
    try {
      for await (const _t of tasks.answer(
        { question: 'What does metformin activate?', sources },
        { signal: ctl.signal },
      )) {
        if (++tokens === 1) {
          setTimeout(() => {
            abortedAt = performance.now();
            ctl.abort();
          }, 20);
        }
      }
    } catch (e) {
      error = e;
    }
    const stopMs = performance.now() - abortedAt;
    console.log(`stream stopped ${stopMs.toFixed(1)} ms after abort (token interval 2000 ms)`);
    expect((error as AriadneError).code).toBe('cancelled');
    expect(stopMs).toBeLessThan(1_000);
    expect(provider.metrics.snapshot().byOutcome.cancelled).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.stats().inFlight).toBe(0);
    sim.setFaults({});
  });

  it('cancels a non-streamed call in flight', async () => {
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      headers: { 'x-sim-fault': 'stall' },
    });
    await provider.contextLength('qwen2.5:7b');
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 30);
    const t0 = performance.now();
    await expect(
      provider.chat({ messages: answerPrompt('q', []), signal: ctl.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    // The stall lasts 60 s: anything near the abort proves the call was cut, not waited out.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
