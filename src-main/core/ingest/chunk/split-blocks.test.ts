import { describe, expect, it } from 'vitest';
import { estimateTokens, splitIntoBlocks } from './split-blocks';

const sentence = (i: number) =>
  `Sentence ${i} says that TNF and IL-6 activate mTOR in hepatocytes of obese mice.`;
const paragraph = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');

describe('splitIntoBlocks', () => {
  it('estimates tokens as ceil(chars / 4)', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });
  it('returns one block for short text, trimmed, with its span', () => {
    const blocks = splitIntoBlocks('  \nShort text.\n\n');
    expect(blocks).toEqual([
      { index: 0, text: 'Short text.', start: 3, end: 14, tokens: 3, pageStart: 1, pageEnd: 1 },
    ]);
  });
  it('packs whole paragraphs up to the budget and spans match the source', () => {
    const text = [paragraph(0, 5), paragraph(5, 5), paragraph(10, 5), paragraph(15, 5)].join('\n\n');
    const blocks = splitIntoBlocks(text, { maxTokens: 250 });
    expect(blocks.length).toBe(2);
    for (const b of blocks) {
      expect(text.slice(b.start, b.end)).toBe(b.text);
      expect(b.tokens).toBeLessThanOrEqual(250);
      expect(b.text.endsWith('mice.')).toBe(true);
    }
    expect(blocks[1]!.text.startsWith('Sentence 10 ')).toBe(true);
  });
  it('splits an over-long paragraph between sentences, not inside them', () => {
    const text = paragraph(0, 40);
    const blocks = splitIntoBlocks(text, { maxTokens: 100 });
    expect(blocks.length).toBeGreaterThan(5);
    for (const b of blocks) {
      expect(b.text).toMatch(/^Sentence \d+ .*mice\.$/);
      expect(b.tokens).toBeLessThanOrEqual(100);
    }
    expect(blocks.map((b) => b.text).join(' ')).toBe(text);
  });
  it('does not split after abbreviations such as "et al." or "Fig."', () => {
    const text =
      'As shown by Everard et al. Akkermansia muciniphila rises (Fig. 2) after OEA. ' + 'x'.repeat(30);
    const blocks = splitIntoBlocks(text, { maxTokens: 22 });
    expect(blocks[0]!.text).toBe(
      'As shown by Everard et al. Akkermansia muciniphila rises (Fig. 2) after OEA.',
    );
  });
  it('falls back to words, then to hard cuts, and maps blocks to pages', () => {
    const text = 'a'.repeat(30) + ' ' + 'b'.repeat(10);
    const blocks = splitIntoBlocks(text, { maxTokens: 5, pageOffsets: [0, 31] });
    expect(blocks.map((b) => [b.text, b.pageStart, b.pageEnd])).toEqual([
      ['a'.repeat(20), 1, 1],
      ['a'.repeat(10), 1, 1],
      ['b'.repeat(10), 2, 2],
    ]);
  });
});
