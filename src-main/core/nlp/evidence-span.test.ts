import { describe, expect, it } from 'vitest';
import { chunkSentences, documentNonProse } from './evidence-span';

describe('the supporting sentence of a chunk, placed in the document', () => {
  // A chunk starting at offset 1000 on page 4; page 5 begins at chunk offset 60, inside the second sentence.
  const text =
    'ACE is a zinc metalloprotease. The backbone of 33RE binds to N-domain ACE in a similar way to RXP407. ' +
    'Selectivity was 927-fold (Ki = 0.74 nM).';
  const chunk = { text, charStart: 1000, pageStart: 4, pageOffsets: [0, 60] };

  it('picks the sentence naming both entities and gives its span and both pages', () => {
    const s = chunkSentences(chunk).best('33RE RXP407 binds similarly', ['33RE', 'RXP407'])!;
    expect(s.quote).toBe('The backbone of 33RE binds to N-domain ACE in a similar way to RXP407.');
    expect(s.start).toBe(1000 + text.indexOf('The backbone'));
    expect(s.end - s.start).toBe(s.quote.length);
    expect([s.page, s.pageEnd]).toEqual([4, 5]);
  });

  it('a sentence wholly after the page break cites only the later page', () => {
    const s = chunkSentences(chunk).best('selectivity Ki nM', [])!;
    expect(s.quote).toBe('Selectivity was 927-fold (Ki = 0.74 nM).');
    expect([s.page, s.pageEnd]).toEqual([5, 5]);
  });

  it('finds the sentence naming an entity, and nothing in an empty chunk', () => {
    expect(chunkSentences(chunk).naming('zinc metalloprotease')?.page).toBe(4);
    expect(chunkSentences({ ...chunk, text: '  ' }).best('x')).toBeNull();
  });

  it('quotes prose, not a caption or a table that names the same entities', () => {
    const t =
      'Figure 2. ACE bound to 33RE and RXP407 in the crystal.\n\nACE 33RE RXP407 12 nM 0.7\n\n' +
      'In solution, ACE bound 33RE more tightly than RXP407.';
    const s = chunkSentences({ text: t, charStart: 0, pageStart: 1, pageOffsets: [0] }).best(
      'ACE 33RE RXP407',
      ['ACE', '33RE', 'RXP407'],
    )!;
    expect(s.quote).toBe('In solution, ACE bound 33RE more tightly than RXP407.');
  });

  it('knows table cells that open the chunk after their caption', () => {
    const one = {
      text: 'ACE was studied.\n\nTable 1 Inhibitors of ACE.',
      charStart: 0,
      pageStart: 1,
      pageOffsets: [0],
    };
    const cells =
      'ACE inhibitor binding assessment Supported input type Protein coding DNA sequences BLAST output files Multiple sequence ' +
      'alignments 33RE phylogenies (or species phylogenies) with corresponding alignments Standard output files generated directly by the software';
    const two = {
      text: `${cells}\n\nIn the cells, 33RE inhibited ACE at low doses.`,
      charStart: one.text.length + 2,
      pageStart: 1,
      pageOffsets: [0],
    };
    const claim = ['ACE inhibitor 33RE binding input', ['ACE', '33RE']] as const;
    expect(chunkSentences(two).best(...claim)!.quote).toBe(cells);
    expect(chunkSentences(two, documentNonProse([one, two])).best(...claim)!.quote).toBe(
      'In the cells, 33RE inhibited ACE at low doses.',
    );
  });

  it('cites the sentence a relation was read from, though another writes its entities more fully', () => {
    const t =
      'Oleoylethanolamide raised Akkermansia muciniphila and lowered tumor necrosis factor (TNF). ' +
      'Akkermansia muciniphila strengthens the barrier, which in turn lowers TNF production.';
    const read = 'Akkermansia muciniphila strengthens the barrier, which in turn lowers TNF production.';
    const names = ['Akkermansia muciniphila', 'tumor necrosis factor'];
    const c = chunkSentences({ text: t, charStart: 0, pageStart: 1, pageOffsets: [0] });
    // Scored, the first sentence wins: it writes both names as the entities are called.
    expect(c.best(`${names.join(' ')} ${read}`, names)!.quote).not.toBe(read);
    const s = c.best(`${names.join(' ')} ${read}`, names, read.replace(/ /g, '\n'))!;
    expect(s.quote).toBe(read);
    expect(s.start).toBe(t.indexOf(read));
  });
});
