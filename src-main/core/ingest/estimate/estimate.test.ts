import { describe, expect, it } from 'vitest';
import {
  chainWall,
  describeEstimate,
  estimateBatch,
  formatDuration,
  passagesFor,
  type ModelThroughput,
} from './estimate';
import { countPdfPagesIn, PageCounter, slicesOf } from './page-count';
import { countPdfPages } from './precount';

const llama: ModelThroughput = {
  model: 'llama3.1:8b',
  calls: 12,
  msPerCall: 20_000,
  promptTokensPerCall: 2_000,
  outputTokensPerCall: 1_000,
  outputTokensPerSecond: 50,
  source: 'calls',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the batch estimator', () => {
  it('cuts documents into passages of the chunk size times its fill', () => {
    // 1000 tokens × 4 characters × 0.8 = 3,200 characters a passage.
    expect(passagesFor(32_000, 1000, 0.8)).toBe(10);
    expect(passagesFor(32_001, 1000, 0.8)).toBe(11);
    expect(passagesFor(10, 1000, 0.8)).toBe(1);
    expect(passagesFor(0, 1000, 0.8)).toBe(0);
  });

  it('counts one call per passage and the tokens from the measured means', () => {
    const e = estimateBatch({
      documents: [
        { chars: 32_000, pages: 8 },
        { chars: 16_000, pages: 4 },
      ],
      blockTokens: 1000,
      passageFill: 0.8,
      concurrency: 4,
      documentsAtOnce: 4,
      throughput: llama,
    });
    expect(e).toMatchObject({ documents: 2, pages: 12, passages: 15, modelCalls: 15 });
    expect(e.promptTokens).toBe(30_000);
    expect(e.outputTokens).toBe(15_000);
    expect(e.tokens).toBe(45_000);
    // Two chains side by side: the longer one (10 passages × 20 s) is the wall, not 15 × 20 s / 4.
    expect(e.wallMs).toBe(200_000);
  });

  it('shares the lanes among chains: one call in flight serialises every passage', () => {
    const docs = Array.from({ length: 6 }, () => ({ chars: 9_600, pages: 3 }));
    const base = { documents: docs, blockTokens: 1000, passageFill: 0.8, throughput: llama };
    // 6 documents × 3 passages.
    expect(estimateBatch({ ...base, concurrency: 1, documentsAtOnce: 4 }).wallMs).toBe(18 * 20_000);
    // Two lanes: 9 passages each.
    expect(estimateBatch({ ...base, concurrency: 2, documentsAtOnce: 4 }).wallMs).toBe(9 * 20_000);
    // Eight slots but four documents at a time: four lanes, the busiest holds two documents.
    expect(estimateBatch({ ...base, concurrency: 8, documentsAtOnce: 4 }).wallMs).toBe(6 * 20_000);
  });

  it('puts the longest chains first on the least loaded lane', () => {
    // 5 | 4, then 3 onto 4, 3 onto 5, 3 onto 7: greedy, not the optimum (9), as a queue in order would run.
    expect(chainWall([5, 4, 3, 3, 3], 2, 1)).toBe(10);
    expect(chainWall([4, 3, 2], 2, 1)).toBe(5);
    expect(chainWall([], 2, 1)).toBe(0);
  });

  it('the built-in engine makes no model calls and spends only its own time', () => {
    const e = estimateBatch({
      documents: [{ chars: 32_000, pages: 8 }],
      blockTokens: 1000,
      passageFill: 0.8,
      concurrency: 2,
      documentsAtOnce: 4,
      throughput: null,
      builtinMsPerPassage: 300,
    });
    expect(e).toMatchObject({ modelCalls: 0, tokens: 0, wallMs: 3_000 });
    expect(describeEstimate(e, null)).toBe('1 document, ~10 passages: ~3 s with the built-in engine');
  });

  it('says it in the words the confirmation shows', () => {
    const e = estimateBatch({
      documents: Array.from({ length: 4 }, () => ({ chars: 30_400, pages: 8 })),
      blockTokens: 1000,
      passageFill: 0.8,
      concurrency: 2,
      documentsAtOnce: 4,
      throughput: { ...llama, msPerCall: 45_000, promptTokensPerCall: 2_200, outputTokensPerCall: 960 },
    });
    // 4 × 10 passages; two lanes of 20 calls × 45 s = 15 min.
    expect(describeEstimate(e, 'llama3.1:8b')).toBe(
      '4 documents, ~40 passages: ~40 model calls, ~126k tokens, ~15 min with llama3.1:8b',
    );
  });

  it('formats durations for people', () => {
    expect(formatDuration(400)).toBe('1 s');
    expect(formatDuration(89_000)).toBe('89 s');
    expect(formatDuration(14 * 60_000)).toBe('14 min');
    expect(formatDuration(130 * 60_000)).toBe('2 h 10 min');
  });
});

describe('the PDF pre-count', () => {
  const pdf = (body: string) => new Uint8Array(Buffer.from(`%PDF-1.4\n${body}\n%%EOF`, 'latin1'));

  it('counts page objects, however they are spaced, where no page tree count is visible', () => {
    const body = [
      '1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R 4 0 R] >> endobj',
      '2 0 obj << /Type /Page /Parent 1 0 R >> endobj',
      '3 0 obj << /Type/Page /Parent 1 0 R >> endobj',
      '4 0 obj << /Type /Page\n/Parent 1 0 R >> endobj',
    ].join('\n');
    expect(countPdfPages(pdf(body))).toBe(3);
  });

  it('takes the page tree over page objects written again by an incremental update', () => {
    const first = [1, 2, 3].map((n) => `${n + 1} 0 obj << /Type /Page /Parent 1 0 R >> endobj`);
    const body = [
      '1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R 4 0 R] /Count 3 >> endobj',
      ...first,
      '%%EOF',
      '2 0 obj << /Parent 1 0 R /Annots [9 0 R] /Type /Page >> endobj',
      '3 0 obj << /Parent 1 0 R /Annots [9 0 R] /Type /Page >> endobj',
      '%%EOF',
    ].join('\n');
    expect(countPdfPages(pdf(body))).toBe(3);
  });

  it("reads the page tree's count, and nothing when both are compressed away", () => {
    expect(countPdfPages(pdf('1 0 obj << /Type /Pages /Count 12 /Kids [] >> endobj'))).toBe(12);
    expect(countPdfPages(pdf('1 0 obj << /Count 7 /Type /Pages >> endobj'))).toBe(7);
    expect(countPdfPages(pdf('1 0 obj << /Type /ObjStm /N 40 >> stream ... endstream'))).toBeNull();
  });

  it('counts the same wherever the bytes are cut into chunks', () => {
    const body = [
      '1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> endobj',
      '2 0 obj << /Type /Page /Parent 1 0 R >> endobj',
      '3 0 obj << /Type/Page/Parent 1 0 R >> endobj',
      '4 0 obj << /Type /Pages /Count 12 >> endobj',
    ].join('\n');
    for (const text of [body, body.replace(/\/Type ?\/Page\//g, '/Kind/')]) {
      const bytes = pdf(text);
      const whole = countPdfPages(bytes);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const c = new PageCounter();
        c.push(bytes.subarray(0, cut));
        c.push(bytes.subarray(cut));
        expect(c.result()).toBe(whole);
      }
    }
  });

  it('does not take a /Page inside another name or after other tokens for a page', () => {
    expect(
      countPdfPages(pdf('<< /Type /PageLabel >> << /Type (x) /Page >> << /Type /Pages /Count 4 >>')),
    ).toBe(4);
  });

  it('reads a stream of chunks, and a file that will not end in time is left to its size', async () => {
    const bytes = pdf('<< /Type /Page >> '.repeat(5000));
    expect(await countPdfPagesIn(slicesOf(bytes))).toBe(5000);
    expect(await countPdfPagesIn(slicesOf(bytes), Date.now() - 1)).toBeNull();
  });
});
