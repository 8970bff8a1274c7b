import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { sentences } from '../../src-main/core/nlp/sentences';
import { FIXTURE_PAPERS } from '../fixtures/fixture-papers';
import { type Sim, startSim } from '../sim/server';
import { dumpOf, ingestAll, openCore, tempDir } from './ingest/harness';

/** The fixture papers' text in one file: several passages at 200 tokens, parsed in a moment. */
function paperText(): string {
  const file = path.join(tempDir('ariadne-grounding-docs-'), 'papers.txt');
  const text = FIXTURE_PAPERS.map((p) =>
    [p.title, p.abstract, ...p.body.flatMap((el) => (el.kind === 'para' ? [el.text] : []))].join('\n\n'),
  ).join('\n\n');
  fs.writeFileSync(file, text);
  return file;
}

/**
 * A small model's made-up claims kept out of the graph: against a simulator that adds a name the passage
 * never mentions to one reply in four, and in another run a relation between two of its terms that share no
 * sentence, no invented name becomes an entity and no relation joins an invented pair.
 */
describe('grounding of a model’s reading', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim?.close());

  for (const habit of ['inventName', 'inventRelation'] as const) {
    it(`keeps what the model made up out of the graph (${habit})`, async () => {
      sim.setHabits({ seed: 5, [habit]: habit === 'inventName' ? 0.25 : 0.5 });
      sim.resetStats();
      const provider = createOllamaProvider({
        host: sim.url,
        chatModel: 'qwen2.5:7b',
        embedModel: 'all-minilm',
      });
      const core = await openCore(tempDir(), provider, { blockTokens: 200, progressive: false });
      try {
        const { jobs } = await ingestAll(core, [paperText()]);
        expect(jobs.map((j) => j.status)).toEqual(['done']);
        const log = sim.stats().habits;
        const dump = await dumpOf(core);
        const namesOf = new Map(
          dump.entities.map((e) => [
            e.id,
            [e.name, ...((e as { aliases?: string[] }).aliases ?? [])].map((n) => String(n).toLowerCase()),
          ]),
        );
        const idsNamed = (name: string) =>
          [...namesOf].flatMap(([id, names]) => (names.includes(name.toLowerCase()) ? [id] : []));
        if (habit === 'inventName') {
          expect(log.inventedNames.length).toBeGreaterThan(0);
          for (const name of log.inventedNames) expect(idsNamed(name)).toEqual([]);
        } else {
          expect(log.inventedPairs.length).toBeGreaterThan(0);
          for (const [a, b] of log.inventedPairs) {
            const [as, bs] = [new Set(idsNamed(a)), new Set(idsNamed(b))];
            const joined = dump.evidence.filter(
              (v) =>
                (as.has(String(v.source)) && bs.has(String(v.target))) ||
                (bs.has(String(v.source)) && as.has(String(v.target))),
            );
            // Such a pair may be related where a passage does put them together: that evidence's passage
            // has a sentence naming both (by a name or alias of each entity).
            for (const v of joined) {
              const chunk = dump.chunks.find((c) => c.id === v.chunkId);
              const names = (id: unknown) => namesOf.get(String(id)) ?? [];
              const both = sentences(String(chunk?.text ?? '')).some((st) => {
                const t = st.text.toLowerCase();
                return (
                  names(v.source).some((n) => t.includes(n)) && names(v.target).some((n) => t.includes(n))
                );
              });
              expect(both, `${a} — ${b} in ${String(v.chunkId)}`).toBe(true);
            }
          }
        }
      } finally {
        await core.close();
        sim.setHabits({});
      }
    });
  }
});
