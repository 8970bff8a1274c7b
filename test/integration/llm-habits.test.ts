import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../src-main/core/llm/openai/openai-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { createTasks } from '../../src-main/core/llm/tasks';
import type { AriadneError } from '../../src-main/contract';
import { type Sim, startSim } from '../sim/server';

const PASSAGES = [
  'Metformin activates AMP-activated protein kinase (AMPK) in hepatocytes of obese mice.',
  'Rapamycin inhibits mTORC1 and extends lifespan in yeast, worms and mice.',
  'Resveratrol was reported to activate SIRT1, although later studies disputed the effect.',
  'Oleoylethanolamide (OEA) increased the abundance of Akkermansia muciniphila in people with obesity.',
  'TP53 mutations are frequent in ovarian carcinoma and predict resistance to platinum therapy.',
  'Spermidine induces autophagy in cardiomyocytes and lowers blood pressure in aged rats.',
  'Nicotinamide riboside raises NAD+ levels in skeletal muscle of older adults.',
  'Senolytic therapy with dasatinib and quercetin removed senescent cells from adipose tissue.',
];

/**
 * A small model's empty replies and echoed examples: each is a failure that gets one more try, told plainly
 * what was wrong, and never a reading of the passage.
 */
describe('empty and echoed replies get one stricter try', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim?.close());

  for (const [api, make] of [
    [
      'ollama',
      () => createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' }),
    ],
    [
      'openai',
      () =>
        createOpenAiProvider({ baseUrl: `${sim.url}/v1`, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' }),
    ],
  ] as const) {
    it(`retries an empty or echoed reply once, told what was wrong, and never keeps it (${api})`, async () => {
      let secondTries = 0;
      // Three seeds: whatever the dice, the invariants below hold; over all three some second try succeeds.
      for (const seed of [1, 2, 3]) {
        sim.resetStats();
        sim.setHabits({ seed, empty: 0.25, echo: 0.25, think: 'content' });
        // One attempt: ingestion retries at its step, so only the stricter second try is made here.
        const tasks = createTasks(make(), { attempts: 1 });
        const results = await Promise.all(
          PASSAGES.map((text) =>
            tasks.readPassage({ text }).then(
              (r) => ({ text, r, e: null }),
              (e: unknown) => ({ text, r: null, e: e as AriadneError }),
            ),
          ),
        );
        const log = sim.stats().habits;
        for (const { text, r, e } of results) {
          const replies = log.replies.filter((x) => text.startsWith(x.passage)).map((x) => x.outcome);
          // A usable first reply is the only call; an unusable one gets exactly one more.
          expect(replies.length).toBe(replies[0] === 'ok' ? 1 : 2);
          if (replies.length === 2 && replies[1] === 'ok') secondTries++;
          if (replies.at(-1) === 'ok') {
            expect(r?.summary.length).toBeGreaterThan(10);
            // Never the prompt's example names: each entity is written in its passage.
            for (const x of r?.extraction.entities ?? [])
              expect(text.toLowerCase()).toContain(x.entity_name.toLowerCase().split(' ')[0]!);
          } else {
            // Two unusable replies: a retryable failure for the step, never a reading.
            expect(e).toMatchObject({ code: 'schema_invalid', retryable: true });
          }
        }
      }
      expect(secondTries).toBeGreaterThan(0);
      sim.setHabits({});
    });
  }
});
