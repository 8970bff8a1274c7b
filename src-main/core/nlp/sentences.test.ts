import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceAt, sentenceSpans, sentences } from './sentences';

const split = (t: string) => sentences(t).map((s) => s.text);

describe('sentences of scientific prose', () => {
  it('keeps decimals, units and the sentence after a unit apart', () => {
    expect(
      split(
        'Binding was tight (Ki = 0.74 nM) and 927-fold selective. The structure was solved at 2.1 Å. Next one.',
      ),
    ).toEqual([
      'Binding was tight (Ki = 0.74 nM) and 927-fold selective.',
      'The structure was solved at 2.1 Å.',
      'Next one.',
    ]);
    expect(
      split('Cells were kept at 37 °C. The pH was 7.4. Concentrations of 10 µM. Treated daily.'),
    ).toEqual(['Cells were kept at 37 °C.', 'The pH was 7.4.', 'Concentrations of 10 µM.', 'Treated daily.']);
  });

  it('does not cut after et al., Fig., i.e., e.g. or a genus initial', () => {
    expect(
      split('As reported by Smith et al. the effect was large. See Figs. 3 and 4. See Fig. 2B for details.'),
    ).toEqual([
      'As reported by Smith et al. the effect was large.',
      'See Figs. 3 and 4.',
      'See Fig. 2B for details.',
    ]);
    expect(
      split('In E. coli and S. cerevisiae cells, i.e. yeast, growth stopped, e.g. at 5 mM. Then it resumed.'),
    ).toEqual([
      'In E. coli and S. cerevisiae cells, i.e. yeast, growth stopped, e.g. at 5 mM.',
      'Then it resumed.',
    ]);
  });

  it('keeps reference brackets with their sentence', () => {
    expect(split('It was shown before [34,35]. Another claim [3–5]. It binds. [12] More text here.')).toEqual(
      ['It was shown before [34,35].', 'Another claim [3–5].', 'It binds. [12]', 'More text here.'],
    );
  });

  it('keeps the Ångström written as "A˚" and ligatures inside their words', () => {
    const t = 'The crystal diffracted to 1.8 A˚ resolution with compound 33RE. The ﬁnal model was reﬁned.';
    expect(split(t)).toEqual([
      'The crystal diffracted to 1.8 A˚ resolution with compound 33RE.',
      'The ﬁnal model was reﬁned.',
    ]);
  });

  it('never crosses a paragraph break, and a heading without a stop is a sentence', () => {
    expect(split('Introduction\n\nThe kinase is active\n\nResults were clear. Done.')).toEqual([
      'Introduction',
      'The kinase is active',
      'Results were clear.',
      'Done.',
    ]);
  });

  it('returns exact, ordered, trimmed, non-overlapping spans', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'The',
            'Fig.',
            '2',
            'et al.',
            '0.5',
            'nM.',
            'E. coli',
            '[3]',
            '\n\n',
            'ﬁ',
            'Å.',
            'x',
            'is',
            '.',
          ),
          { maxLength: 40 },
        ),
        (words) => {
          const text = words.join(' ');
          const spans = sentenceSpans(text);
          let last = 0;
          for (const s of spans) {
            expect(s.start).toBeGreaterThanOrEqual(last);
            expect(s.end).toBeGreaterThan(s.start);
            expect(text.slice(s.start, s.end)).toBe(text.slice(s.start, s.end).trim());
            expect(text.slice(s.start, s.end)).not.toContain('\n\n');
            last = s.end;
          }
          // Every non-space character is inside some sentence.
          const covered = spans.reduce((n, s) => n + text.slice(s.start, s.end).replace(/\s/g, '').length, 0);
          expect(covered).toBe(text.replace(/\s/g, '').length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds the sentence at an offset', () => {
    const t = 'One here. Two there. Three.';
    const spans = sentenceSpans(t);
    expect(
      t.slice(sentenceAt(spans, t.indexOf('there'))!.start, sentenceAt(spans, t.indexOf('there'))!.end),
    ).toBe('Two there.');
    expect(sentenceAt([], 3)).toBeNull();
  });
});
