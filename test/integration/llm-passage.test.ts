import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitIntoBlocks } from '../../src-main/core/ingest/chunk/split-blocks';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { createTasks, type Extraction } from '../../src-main/core/llm/tasks';
import { FIXTURE_PAPERS, NOTES_MD, NOTES_TXT } from '../fixtures/fixture-papers';
import { type Sim, startSim } from '../sim/server';

/** The fixture documents as text: each paper's abstract and body paragraphs, and the two notes. */
const DOCUMENTS = [
  ...FIXTURE_PAPERS.map((p) =>
    [p.abstract, ...p.body.flatMap((el) => (el.kind === 'para' ? [el.text] : []))].join('\n\n'),
  ),
  NOTES_MD,
  NOTES_TXT,
];

const entityKeys = (x: Extraction) =>
  new Set(x.entities.map((e) => `${e.entity_name.toLowerCase()}|${e.entity_type}`));
const relationKeys = (x: Extraction) =>
  new Set(x.relationships.map((r) => `${r.source_entity.toLowerCase()}|${r.target_entity.toLowerCase()}`));
const overlap = (a: Set<string>, b: Set<string>) => {
  if (!a.size && !b.size) return 1;
  const both = [...a].filter((k) => b.has(k)).length;
  return both / (a.size + b.size - both);
};

/**
 * The fused passage call against the three-call flow it replaced (summary, extraction, questions), on the
 * fixture documents through the simulator, chained as ingestion chains them. Tolerance: entity and
 * relationship sets overlap by at least 0.9 (Jaccard) over all passages, and every passage keeps at least
 * 5 questions and a summary. The simulator answers both flows with the same rules, so this checks that
 * the one call loses nothing on its way through prompt, schema, validation and normalisation; how a real
 * model does with the larger schema is for a real model to show.
 */
describe('one call per passage against three', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  it('finds the same entities and relationships with a third of the calls', async () => {
    const tasks = createTasks(
      createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' }),
      { attempts: 1 },
    );
    const old = { entities: new Set<string>(), relations: new Set<string>() };
    const fused = { entities: new Set<string>(), relations: new Set<string>() };
    const chat = () => sim.stats().byEndpoint['/api/chat'] ?? 0;
    let passages = 0;
    let oldCalls = 0;
    let fusedCalls = 0;
    for (const doc of DOCUMENTS) {
      let prevOld = '';
      let prevFused = '';
      for (const block of splitIntoBlocks(doc, { maxTokens: 250 })) {
        passages++;
        const c0 = chat();
        const summary = await tasks.summarize({ text: block.text, previousSummary: prevOld });
        const x = await tasks.extract({ text: block.text, previousSummary: prevOld });
        const questions = await tasks.atomicQuestions({ text: block.text });
        const c1 = chat();
        const r = await tasks.readPassage({ text: block.text, previousSummary: prevFused });
        oldCalls += c1 - c0;
        fusedCalls += chat() - c1;
        prevOld = summary;
        prevFused = r.summary;
        for (const k of entityKeys(x)) old.entities.add(k);
        for (const k of relationKeys(x)) old.relations.add(k);
        for (const k of entityKeys(r.extraction)) fused.entities.add(k);
        for (const k of relationKeys(r.extraction)) fused.relations.add(k);
        expect(r.summary.length).toBeGreaterThan(0);
        expect(r.questions.length).toBeGreaterThanOrEqual(Math.min(5, questions.length));
      }
    }
    console.log(
      `passage quality: ${passages} passages; calls ${oldCalls} → ${fusedCalls}; entities ${old.entities.size} → ` +
        `${fused.entities.size} (Jaccard ${overlap(old.entities, fused.entities).toFixed(3)}); relationships ` +
        `${old.relations.size} → ${fused.relations.size} (Jaccard ${overlap(old.relations, fused.relations).toFixed(3)})`,
    );
    expect(passages).toBeGreaterThan(4);
    expect(oldCalls).toBe(3 * passages);
    expect(fusedCalls).toBe(passages);
    expect(old.entities.size).toBeGreaterThan(10);
    expect(overlap(old.entities, fused.entities)).toBeGreaterThanOrEqual(0.9);
    expect(overlap(old.relations, fused.relations)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
