import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Citation } from '../../src-main/contract/graph';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { CROSSING_SENTENCE, PAGE_TWO_SENTENCE, makeProvenancePaper } from '../fixtures/provenance-paper';
import { checkQuote, matchKey, pdftotextPages } from '../helpers/page-check';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPdftotext) console.warn('provenance: SKIPPED, pdftotext (poppler-utils) is not installed');

describe.runIf(hasPdftotext)('evidence cites the page of its own sentence', () => {
  it('on a two-column paper whose passage starts on page 1', async () => {
    const dir = tempDir('ariadne-provenance-');
    const file = path.join(dir, 'provenance-paper.pdf');
    writeFileSync(file, await makeProvenancePaper());
    const core = await openCore(path.join(dir, 'lib'), createBuiltinProvider());
    const citations: (Citation & { chunkPageStart: number })[] = [];
    try {
      const { jobs } = await ingestAll(core, [file]);
      expect(jobs.map((j) => j.status)).toEqual(['done']);
      const graph = core.stores.graph;
      const chunkPage = new Map(
        (await graph.chunksById(await graph.listIds('chunks'))).map((c) => [c.id, c.pageStart]),
      );
      for (const id of await graph.listIds('entities')) {
        const detail = await core.handlers['graph:entity']({ entityId: id }, ctx());
        for (const ev of detail.evidence)
          citations.push({ ...ev.citation, chunkPageStart: chunkPage.get(ev.citation.chunkId)! });
      }
    } finally {
      await core.close();
    }
    expect(citations.length).toBeGreaterThan(0);
    const pages = pdftotextPages(file);
    const keys = pages.map(matchKey);
    for (const c of citations) {
      const v = checkQuote(c.quote, c.pages ?? [c.page!], pages, keys);
      expect({ quote: c.quote, where: v.where, midWord: v.midWord }).toEqual({
        quote: c.quote,
        where: 'cited',
        midWord: false,
      });
    }
    // The sentence printed on page 2 only, in a passage that starts on page 1.
    const two = citations.find((c) => c.quote === PAGE_TWO_SENTENCE);
    expect(two).toMatchObject({ page: 2, pages: [2], chunkPageStart: 1 });
    // The sentence that runs from page 1 onto page 2 cites both.
    const both = citations.find((c) => c.quote === CROSSING_SENTENCE);
    expect(both).toMatchObject({ page: 1, pages: [1, 2] });
  }, 120_000);
});
