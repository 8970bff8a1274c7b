import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeQaContext, retrieve } from '../../src-main/core/retrieval';
import { ingestAll, openCore, tempDir } from './ingest/harness';

/** A bridge question: the answer's passage shares no word with the question, only a name with the first hop. */
const PASSAGES: Record<string, string> = {
  'kiss-and-tell':
    'Kiss and Tell\n\nKiss and Tell is a 1945 American comedy film starring Shirley Temple as Corliss Archer.',
  'shirley-temple':
    'Shirley Temple\n\nShirley Temple Black was an American actress who later served as United States Ambassador to Ghana and to Czechoslovakia.',
  'corliss-archer':
    'Meet Corliss Archer\n\nMeet Corliss Archer is a radio comedy about a teenage girl, broadcast from 1943.',
  'comedy-film':
    'Comedy film\n\nA comedy film is a film genre that emphasizes humor; American comedy films were popular in 1945.',
  ghana: 'Ghana\n\nGhana is a country in West Africa whose capital is Accra.',
  'film-star':
    'Film star\n\nA film star is an actress or actor famous for starring in films; many starred in comedy films.',
};

describe('multi-hop retrieval (personalised PageRank over passages, entities and names)', () => {
  let core: Core;
  beforeAll(async () => {
    const dir = tempDir('ariadne-multihop-src-');
    const files = Object.entries(PASSAGES).map(([name, text]) => {
      const f = path.join(dir, `${name}.txt`);
      fs.writeFileSync(f, `${text}\n`);
      return f;
    });
    core = await openCore(tempDir('ariadne-multihop-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, files);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  it('follows the name in the first passage to the second, which plain search never reaches', async () => {
    const question = 'Which government position was held by the woman who starred in the film Kiss and Tell?';
    const docs = new Map((await core.stores.graph.listDocuments()).map((d) => [d.id, d.fileName]));
    const c = await core.retrieval.context();
    const ranked = async (mode: 'naive' | 'local' | 'agentic') => {
      const { ctx, trace } = makeQaContext(c, {});
      const r = await retrieve(ctx, question, mode);
      return { files: [...new Set(r.sources.map((s) => docs.get(s.chunk.docId)))], trace };
    };
    // The answer's passage shares no content word with the question but the name of the first hop's star.
    expect((await ranked('naive')).files).not.toContain('shirley-temple.txt');
    for (const mode of ['local', 'agentic'] as const) {
      const { files, trace } = await ranked(mode);
      expect(files[0], mode).toBe('kiss-and-tell.txt');
      expect(files.slice(0, 3), mode).toContain('shirley-temple.txt');
      expect(
        trace.some((t) => t.step === 'multi-hop'),
        mode,
      ).toBe(true);
    }
  });
});
