import { afterAll, describe, expect, it } from 'vitest';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { SHARED_DATA, loadGold, scorePaper, totals, type PaperScore } from '../bench/metadata-score';

// The real papers and their gold live beside the repository (../shared/data), not in it.
// The garbled paper is read by OCR, which has a test of its own (ocr-shared-paper.test.ts).
const gold = loadGold().filter((g) => !g.file.includes('garbled'));
if (!gold.length) console.warn(`metadata-papers: SKIPPED, no shared papers under ${SHARED_DATA}`);

describe.runIf(gold.length > 0)('metadata of the shared real papers', () => {
  const parser = createParser({ workerPath: SOURCE_PARSE_WORKER, timeoutMs: 120_000 });
  afterAll(() => parser.close());

  it('titles exact, first authors and author lists from the first page and the PDF metadata', async () => {
    const scores: PaperScore[] = [];
    for (const g of gold) scores.push(scorePaper(g, await parser.parseFile(g.path)));
    const t = totals(scores);
    const wrong = scores.filter((s) => !s.title || !s.firstAuthor || !s.authorsExact);
    console.log(
      `metadata-papers: ${t.papers} papers, titles ${t.titles}, first authors ${t.firstAuthors}, authors ` +
        `${t.authorsFound}/${t.authorsGold}, years ${t.years}, DOIs ${t.dois}; not exact: ` +
        (wrong.map((s) => `${s.file} ${JSON.stringify(s.got.authors)}`).join('; ') || 'none'),
    );
    expect(scores.filter((s) => !s.title).map((s) => [s.file, s.got.title])).toEqual([]);
    expect(t.firstAuthors / t.papers).toBeGreaterThanOrEqual(0.9);
    expect(t.authorsFound / t.authorsGold).toBeGreaterThanOrEqual(0.9);
    expect(t.dois / t.papers).toBeGreaterThanOrEqual(0.9);
    expect(t.years / t.papers).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});
