import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaMode } from '../../src-main/contract';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from './ingest/harness';

const MODES: QaMode[] = ['naive', 'local', 'agentic', 'global', 'auto'];

/** Questions the fixture papers answer, and the fact (a number, a name) the answer must contain. */
const ANSWERABLE: [string, RegExp][] = [
  ['By how much did OEA reduce IL-6 expression in hepatocytes?', /42%/],
  ['What did metformin do to the IL-6 response?', /abolished/],
  ['What does metformin activate?', /\bAMPK\b/],
  ['How far did serum TNF fall with OEA treatment?', /38 to 21 pg\/ml/],
  ['Which mouse strain was fed a high-fat diet?', /C57BL\/6J/],
];

/** Questions about what the library does not hold: every mode must say so rather than answer. */
const OUT_OF_LIBRARY = [
  'What is the effect of remdesivir on COVID-19 mortality?',
  'What is the capital city of France?',
  'Does lisinopril lower blood pressure in heart failure?',
];

/** The built-in engine's answers on the fixture library, in every mode. */
describe('answers from the built-in engine', () => {
  let core: Core;
  beforeAll(async () => {
    core = await openCore(tempDir('ariadne-qa-answers-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, await corpusPaths());
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  for (const mode of MODES) {
    it(`${mode}: answers with the fact, cited to a sentence about the question; refuses the rest`, async () => {
      for (const [question, fact] of ANSWERABLE) {
        const a = await core.handlers['qa:ask']({ question, mode }, ctx());
        expect(a.insufficient, question).toBe(false);
        expect(a.answer, question).toMatch(fact);
        // The sentence holding the fact carries a citation that stands, quoting its page.
        const sentence = a.answer.split(/(?<=[.!?])\s+/).find((s) => fact.test(s))!;
        const n = Number(/\[(\d+)\]/.exec(sentence)?.[1]);
        const c = a.citations.find((x) => x.n === n);
        expect(c?.supported, `${question}: [${n}]`).toBe(true);
        expect(c!.page).toBeGreaterThan(0);
        const chunk = await core.stores.graph.getChunk(c!.chunkId);
        expect(chunk!.text.replace(/\s+/g, ' ')).toMatch(fact);
        // A few sentences, not a collage of the passages.
        expect(a.answer.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(3);
      }
      for (const question of OUT_OF_LIBRARY) {
        const a = await core.handlers['qa:ask']({ question, mode }, ctx());
        expect(a.insufficient, question).toBe(true);
        expect(a.answer).toMatch(/don't have enough information in this library/);
        expect(a.citations).toEqual([]);
      }
    }, 60_000);
  }
});
