import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotableSentences, readable } from './quotable';

const texts = (t: string) => quotableSentences(t).map((s) => s.text);

describe('quotable sentences: whole sentences of a passage, never a piece of one', () => {
  it('leaves out the words before the first sentence start when a passage begins inside a word or a sentence', () => {
    const t =
      'ophylaxis in the management of trauma patients is discussed.\n\nThe risks of heparin include bleeding. It is rare.';
    expect(texts(t)).toEqual(['The risks of heparin include bleeding.', 'It is rare.']);
    expect(texts('52, in a unique sub-pocket of A3AR, impact activation. Key residues differ.')).toEqual([
      'Key residues differ.',
    ]);
  });

  it('leaves out the words after the last full stop when a passage ends inside a sentence', () => {
    const t =
      'Inferior vena cava filters migrate and cause occlusion of the vena cava. This review included all';
    expect(texts(t)).toEqual(['Inferior vena cava filters migrate and cause occlusion of the vena cava.']);
  });

  it('joins a sentence that page and column breaks cut into lines again, and reads it without the breaks', () => {
    const t =
      'Failed filter retrieval does not carry an immediate com-\n\nplication to the patient.\n\nFailed\n\nretrieval rates are reported between\n\n0% and 4% with a calculated rate of 2.8% (Table 6).\n\nConclusion\n\nLMWHs are recommended.';
    const got = quotableSentences(t);
    expect(got.map((s) => readable(s.text))).toEqual([
      'Failed filter retrieval does not carry an immediate complication to the patient.',
      'Failed retrieval rates are reported between 0% and 4% with a calculated rate of 2.8% (Table 6).',
      'LMWHs are recommended.',
    ]);
    // Each quote is the passage's own characters, so the viewer can find and mark it.
    for (const s of got) expect(t.slice(s.start, s.end)).toBe(s.text);
  });

  it('keeps a sentence that the splitter cut inside a token ("Ser6." | "52, …") whole', () => {
    const t = 'Key mutations, including His3.37, Ser5.42, and Ser6.52, impact receptor activation. Next one.';
    expect(texts(t)[0]).toContain('Ser6.52, impact receptor activation.');
  });

  it('never starts or ends inside a word, whatever the passage (property)', () => {
    const word = fc.constantFrom(
      'heparin',
      'bleeding',
      'trauma',
      'The',
      'risks',
      'of',
      '3.9%',
      'HIT',
      'com-',
      'A3AR',
    );
    const sep = fc.constantFrom(' ', ' ', '\n', '\n\n', '. ', '.\n\n', ', ');
    const passage = fc
      .array(fc.tuple(word, sep), { minLength: 1, maxLength: 60 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(passage, fc.nat(40), (full, cut) => {
        // A passage cut at an arbitrary character, as chunking may cut a document.
        const t = full.slice(Math.min(cut, full.length));
        for (const s of quotableSentences(t)) {
          expect(t.slice(s.start, s.end)).toBe(s.text);
          expect(s.start === 0 || !/[\p{L}\p{N}]/u.test(t.charAt(s.start - 1))).toBe(true);
          expect(/[.!?]["'”’)\]]*$/.test(s.text)).toBe(true);
          expect(/^\p{Ll}/u.test(s.text)).toBe(false);
        }
      }),
      { numRuns: 200, seed: 28 },
    );
  });
});
