import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaMode } from '../../src-main/contract';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import type { LlmProvider } from '../../src-main/core/llm/provider';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from './ingest/harness';

const MODES: QaMode[] = ['auto', 'agentic', 'local', 'global', 'naive'];
const QUESTIONS = [
  'By how much did OEA reduce IL-6 expression in hepatocytes?',
  'What does metformin activate?',
  'Which mouse strain was fed a high-fat diet?',
];

/** Per ask, each piece of data is fetched once: the question embedded once, no question row read per hit. */
describe('an ask fetches its data once', () => {
  let core: Core;
  const embedded: string[][] = [];
  let questionReads = 0;
  beforeAll(async () => {
    const base = createBuiltinProvider();
    // The real provider, with its embedding requests recorded.
    const llm: LlmProvider = Object.assign(Object.create(base) as LlmProvider, {
      embed: (texts: string[], o?: Parameters<LlmProvider['embed']>[1]) => {
        embedded.push([...texts]);
        return base.embed(texts, o);
      },
    });
    core = await openCore(tempDir('ariadne-qa-once-'), llm);
    const { jobs } = await ingestAll(core, await corpusPaths());
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    const graph = core.stores.graph;
    const questionChunk = graph.questionChunk.bind(graph);
    graph.questionChunk = (id) => {
      questionReads++;
      return questionChunk(id);
    };
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  for (const mode of MODES) {
    it(`${mode}: the question is embedded in exactly one request`, async () => {
      for (const question of QUESTIONS) {
        embedded.length = 0;
        questionReads = 0;
        const a = await core.handlers['qa:ask']({ question, mode }, ctx());
        expect(a.insufficient, question).toBe(false);
        const withQuestion = embedded.filter((batch) => batch.includes(question));
        expect(withQuestion.length, `${mode}: ${question}`).toBe(1);
        // Nothing is embedded twice within one ask (sub-questions included).
        const texts = embedded.flat();
        expect(new Set(texts).size, `${mode}: ${question}`).toBe(texts.length);
        // A matched atomic question's chunk id is read from its own id, never looked up row by row.
        expect(questionReads, `${mode}: ${question}`).toBe(0);
      }
    }, 60_000);
  }
});
