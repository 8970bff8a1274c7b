import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Citation } from '../../src-main/contract/graph';
import type { PassageBox } from '../../src-main/contract/library';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import {
  CROSSING_SENTENCE,
  PAGE_TWO_SENTENCE,
  TABLE,
  makeProvenancePaper,
} from '../fixtures/provenance-paper';
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
    const boxes: Record<'two' | 'both', PassageBox[]> = { two: [], both: [] };
    let tableHit: Citation | undefined;
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
      // The viewer's boxes for both sentences, then the geometry file goes with the document.
      const boxesOf = async (quote: string) => {
        const c = citations.find((x) => x.quote === quote)!;
        return (
          await core.handlers['library:passage-boxes'](
            { documentId: c.documentId, start: c.start!, end: c.end! },
            ctx(),
          )
        ).boxes;
      };
      // The table is no evidence, but search finds it and cites it by its caption's label.
      const found = await core.handlers['graph:search'](
        { term: 'dye exclusion', hops: 2, limit: 10, filters: { direction: 'both', minEvidence: 1 } },
        ctx(),
      );
      tableHit = found.passages[0];
      boxes.two = await boxesOf(PAGE_TWO_SENTENCE);
      boxes.both = await boxesOf(CROSSING_SENTENCE);
      const docId = citations[0]!.documentId;
      const geometryFile = path.join(core.stores.dataDir, 'geometry', `${docId}.json`);
      expect(existsSync(geometryFile)).toBe(true);
      await core.handlers['library:delete']({ documentId: docId }, ctx());
      expect(existsSync(geometryFile)).toBe(false);
    } finally {
      await core.close();
    }
    expect(citations.length).toBeGreaterThan(0);
    expect(tableHit).toMatchObject({ label: 'Table 2', page: 2 });
    expect(tableHit!.quote).toMatch(/Dye exclusion/);
    for (const c of citations) expect(TABLE.some((row) => row.includes(c.quote))).toBe(false);
    // One box per printed line, on the pages the citation names.
    expect(new Set(boxes.two.map((b) => b.page))).toEqual(new Set([2]));
    expect(boxes.both.map((b) => b.page)).toEqual([...boxes.both.map((b) => b.page)].sort());
    expect(new Set(boxes.both.map((b) => b.page))).toEqual(new Set([1, 2]));
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
