import { describe, expect, it } from 'vitest';
import { findDoi, parseReference, surnamesOf } from './reference-fields';

describe('parseReference', () => {
  const cases: [string, string, { authors: string[]; year: number; title: string; doi?: string }][] = [
    [
      'Vancouver',
      '3. Okafor AN, Brenner L, Tanaka M, et al. Oleoylethanolamide restores gut barrier function in obese mice. J Transl Metab. 2021;14:101-12.',
      {
        authors: ['Okafor', 'Brenner', 'Tanaka'],
        year: 2021,
        title: 'Oleoylethanolamide restores gut barrier function in obese mice',
      },
    ],
    [
      'Vancouver, last author with one initial',
      'Silva JP, Tanaka M. Akkermansia and the mucus layer. Gut Microbes. 2019;10:1-9.',
      { authors: ['Silva', 'Tanaka'], year: 2019, title: 'Akkermansia and the mucus layer' },
    ],
    [
      'APA with a broken DOI',
      'Brenner, L., Okafor, A. N., & Silva, J. P. (2018). A robotic device for motor learning. J. Neurosci. Methods 213, 282–297. doi: 10.1016/j.jneumeth. 2018.12.006',
      {
        authors: ['Brenner', 'Okafor', 'Silva'],
        year: 2018,
        title: 'A robotic device for motor learning',
        doi: '10.1016/j.jneumeth.2018.12.006',
      },
    ],
    [
      'Nature',
      '12. Tanaka, M., Silva, J. P. & Okafor, A. N. Molecular cloning of a gut receptor. Proc. Natl Acad. Sci. USA 90, 10365–10369 (1993).',
      { authors: ['Tanaka', 'Silva', 'Okafor'], year: 1993, title: 'Molecular cloning of a gut receptor' },
    ],
    [
      'Nature, title opening with an article',
      '2. Brenner, L., Silva, J. & Okafor, A. A novel model for the analysis of heating systems. Energy 220, 113052 (2020).',
      {
        authors: ['Brenner', 'Silva', 'Okafor'],
        year: 2020,
        title: 'A novel model for the analysis of heating systems',
      },
    ],
    [
      'Nature, et al.',
      '6. Dang, L. M. et al. Daily and seasonal heat usage patterns. Sci. Rep. 12, 1–12 (2022).',
      { authors: ['Dang'], year: 2022, title: 'Daily and seasonal heat usage patterns' },
    ],
    [
      'PLOS',
      '4. Okafor AN, Silva JP (1996) The amphibians of the delta: with notes on chromosomes. Proc. 1st Conf. pp. 39–46.',
      {
        authors: ['Okafor', 'Silva'],
        year: 1996,
        title: 'The amphibians of the delta: with notes on chromosomes',
      },
    ],
    [
      'NAR',
      '1. Hale,C.R., Zhao,P. and Terns,M.P. (2009) RNA-guided RNA cleavage by a protein complex. Cell, 139, 945–956.',
      {
        authors: ['Hale', 'Zhao', 'Terns'],
        year: 2009,
        title: 'RNA-guided RNA cleavage by a protein complex',
      },
    ],
    [
      'MDPI',
      '1. Langseth, W.; Rundberget, T.; Manfred, G. Mycotoxin production of strains from cereals. Mycopathologia 1999, 144, 103–113.',
      {
        authors: ['Langseth', 'Rundberget', 'Manfred'],
        year: 1999,
        title: 'Mycotoxin production of strains from cereals',
      },
    ],
    [
      'BMC',
      '5. Lorenzen ED, Heller R, Siegismund HR: Comparative phylogeography of savannah ungulates. Mol Ecol 2012, 21(15):3656–3670.',
      {
        authors: ['Lorenzen', 'Heller', 'Siegismund'],
        year: 2012,
        title: 'Comparative phylogeography of savannah ungulates',
      },
    ],
    [
      'eLife, DOI cut by a line break',
      'Aebi M, Weissman C. 1987. Precision and orderliness in splicing. Trends in Genetics 3:102–107. DOI: https://doi. org/10.1016/0168-9525(87)90193-4',
      {
        authors: ['Aebi', 'Weissman'],
        year: 1987,
        title: 'Precision and orderliness in splicing',
        doi: '10.1016/0168-9525(87)90193-4',
      },
    ],
    [
      'ACL, given names first',
      'Riaz Ahmad and Muhammad Tanvir Afzal. 2018. Cad: an algorithm for citation-anchors detection. Scientometrics, 117:1405–1423.',
      { authors: ['Ahmad', 'Afzal'], year: 2018, title: 'Cad: an algorithm for citation-anchors detection' },
    ],
    [
      'Lancet, journal glued to the title',
      '3 Fazel S, Bains P, Doll H. Substance abuse in prisoners: a systematic review.Addiction2006;101:181–91.',
      {
        authors: ['Fazel', 'Bains', 'Doll'],
        year: 2006,
        title: 'Substance abuse in prisoners: a systematic review',
      },
    ],
  ];
  it.each(cases)('%s', (_style, entry, want) => {
    const r = parseReference(entry);
    expect(r.authors.slice(0, want.authors.length)).toEqual(want.authors);
    expect(r.year).toBe(want.year);
    expect(r.title).toBe(want.title);
    expect(r.doi).toBe(want.doi ?? null);
  });

  it('a title with a year in it keeps the publication year', () => {
    const r = parseReference(
      '1 Lim SS, Vos T. A risk assessment in 21 regions, 1990–2010: a systematic analysis. Lancet 2012; 380: 2224–60.',
    );
    expect(r.year).toBe(2012);
  });

  it('keeps a long entry bounded and never throws on junk', () => {
    for (const junk of ['', '12', '(((((', 'a'.repeat(50_000), '10.1234/', '1. . . . .']) {
      const r = parseReference(junk);
      expect(r.raw.length).toBeLessThanOrEqual(2000);
    }
  });
});

describe('findDoi', () => {
  it('rejoins a DOI split at a line break and drops what follows', () => {
    expect(findDoi('Cell 1:2. https://doi.org/10.1016/j .cub.2019.04.024. PMID: 1')).toBe(
      '10.1016/j.cub.2019.04.024',
    );
    expect(findDoi('Nature 382, 252. doi: 10.1038/ 382252a0')).toBe('10.1038/382252a0');
    expect(findDoi('DOI: 10.1128/jb.172.11.6585-6588.1990, PMID: 9')).toBe(
      '10.1128/jb.172.11.6585-6588.1990',
    );
    expect(findDoi('no identifier here (2019)')).toBeNull();
  });
});

describe('surnamesOf', () => {
  it('reads particles and hyphens', () => {
    expect(surnamesOf('van Belkum MJ, Meiller-Legrand TA, de la Mata M')).toEqual([
      'van Belkum',
      'Meiller-Legrand',
      'de la Mata',
    ]);
  });

  it('keeps the particles a byline keeps, given names first', () => {
    // The same particles as the author parser's (nlp/name-particles.ts), so both name a person alike.
    expect(surnamesOf('Khalid bin Salman, Maria della Rocca and Ahmed al Rashid')).toEqual([
      'bin Salman',
      'della Rocca',
      'al Rashid',
    ]);
  });
});
