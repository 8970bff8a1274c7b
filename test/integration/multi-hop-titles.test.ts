import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeQaContext, retrieve } from '../../src-main/core/retrieval';
import { ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * Encyclopedic articles (a title line, then the text), as in HotpotQA: a bridge question names the first
 * article, whose text names the second by its title; the second shares almost no words with the question.
 */
const ARTICLES: Record<string, string> = {
  'Dick Humbert':
    'Richard Elmer "Dick" Humbert (December 31, 1918 – May 23, 2007) was a professional American football end in the National Football League. He played for the Philadelphia Eagles from 1941 to 1949 and was part of two championship teams.',
  'Philadelphia Eagles':
    'The Philadelphia Eagles are a professional American football franchise based in Philadelphia, Pennsylvania. The Eagles compete in the National Football League as a member of the East division. They play their home games at Lincoln Financial Field.',
  'Lincoln Financial Field':
    'Lincoln Financial Field is an American football stadium in South Philadelphia. It opened in 2003 and seats 69,000.',
  'Buffalo Bills':
    'The Buffalo Bills are a professional American football team based in the Buffalo–Niagara Falls metropolitan area. From 1945 to 1949 a team called the Bills played in the All-America Football Conference, in the state of New York.',
  'Kansas City Chiefs':
    'The Kansas City Chiefs are a professional American football team based in Kansas City, Missouri. The team was founded in 1960 and played for an NFL championship in the state of Missouri.',
  'Dallas Texans (NFL)':
    'The Dallas Texans were a National Football League team based in Dallas, Texas, that played in the 1952 season. The team played for one year in the state of Texas before it folded.',
  'Brooklyn Dodgers (NFL)':
    'The Brooklyn Dodgers were a professional American football team in the NFL from 1930 to 1944, based in the state of New York. From 1945 the team played as the Brooklyn Tigers.',
};
const QUESTION = 'From 1945-1949 Dick Humbert played for an NFL team based in what state?';

describe('multi-hop retrieval follows document titles', () => {
  let core: Core;
  const titleOf = new Map<string, string>();
  beforeAll(async () => {
    const dir = tempDir('ariadne-titles-src-');
    const files = Object.entries(ARTICLES).map(([title, text], i) => {
      const file = path.join(dir, `a${i}.txt`);
      fs.writeFileSync(file, `${title}\n\n${text}\n`);
      return file;
    });
    core = await openCore(tempDir('ariadne-titles-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, files);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    for (const d of await core.stores.graph.listDocuments()) titleOf.set(d.id, d.title);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  for (const mode of ['local', 'agentic'] as const) {
    it(`${mode}: the article a passage names by its title follows that passage in the top three`, async () => {
      const { ctx, trace } = makeQaContext(await core.retrieval.context(), {});
      const r = await retrieve(ctx, QUESTION, mode);
      const titles = [...new Set(r.sources.map((s) => titleOf.get(s.chunk.docId)))];
      // Distractors share more of the question's words ("from 1945", "the state of") than the answer does;
      // the answer's article is reached through the passage that names it.
      const first = titles.indexOf('Dick Humbert');
      const second = titles.indexOf('Philadelphia Eagles');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(second).toBeGreaterThan(first);
      expect(second).toBeLessThan(3);
      const bridged = r.sources.find((s) => titleOf.get(s.chunk.docId) === 'Philadelphia Eagles')!;
      expect(bridged.via).toMatch(/title named in "Dick Humbert": Philadelphia Eagles/);
      expect(trace.some((t) => /reached by a title/.test(t.detail))).toBe(true);
    });
  }

  it('a three-hop question reaches the third article through the second', async () => {
    const { ctx } = makeQaContext(await core.retrieval.context(), {});
    const r = await retrieve(
      ctx,
      'When was the home ground of the team Dick Humbert played for built?',
      'local',
    );
    const titles = [...new Set(r.sources.map((s) => titleOf.get(s.chunk.docId)))].slice(0, 5);
    expect(titles).toContain('Philadelphia Eagles');
    expect(titles).toContain('Lincoln Financial Field');
    const third = r.sources.find((s) => titleOf.get(s.chunk.docId) === 'Lincoln Financial Field')!;
    expect(third.via).toMatch(/title named in "Philadelphia Eagles"/);
  });

  it('a title named in the question leads to its article', async () => {
    const { ctx } = makeQaContext(await core.retrieval.context(), {});
    const r = await retrieve(
      ctx,
      'Were the Kansas City Chiefs and the Dallas Texans (NFL) in the same state?',
      'local',
    );
    const titles = r.sources.slice(0, 3).map((s) => titleOf.get(s.chunk.docId));
    expect(titles).toContain('Kansas City Chiefs');
    expect(titles).toContain('Dallas Texans (NFL)');
  });
});
