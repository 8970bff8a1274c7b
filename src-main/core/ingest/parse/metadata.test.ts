import { describe, expect, it } from 'vitest';
import { naturalCase, parseAuthorLine } from './authors';
import { chooseAuthors, extractMetadata, extractMetadataWithSources, findDoi } from './metadata';
import type { Line } from './types';

const line = (text: string, y: number, size: number, fontName = 'f'): Line => ({
  text,
  x0: 72,
  x1: 500,
  y,
  size,
  fontName,
  page: 0,
});

describe('metadata heuristics', () => {
  it('finds DOIs without trailing punctuation', () => {
    expect(findDoi('see doi:10.1186/1752-2897-4-1.')).toBe('10.1186/1752-2897-4-1');
    expect(findDoi('https://doi.org/10.7717/peerj-cs.118)')).toBe('10.7717/peerj-cs.118');
  });
  it('parses author lines with affiliation markers', () => {
    expect(parseAuthorLine('Amara N. Okafor1, Lukas Brenner2,* and Mary J. O’Connell1,2')).toEqual([
      'Amara N. Okafor',
      'Lukas Brenner',
      'Mary J. O’Connell',
    ]);
    expect(parseAuthorLine('Department of Surgery, University of Calgary, Canada')).toBeNull();
  });
  it('takes title, authors and year from page 1 when the Info dictionary is empty', () => {
    const page = [
      line('Research Article', 700, 18, 'bold'),
      line('TNF and IL-6 in colorectal', 670, 18, 'title'),
      line('cancer cells', 648, 18, 'title'),
      line('Linh T. Nguyen1 and Omar Haddad2', 620, 11),
      line('Received 2 January 2019; Published 30 April 2019', 600, 9),
      line('Body text, 2015 was mentioned.', 400, 10),
    ];
    const md = extractMetadata({ info: {}, xmp: {} }, page, 792);
    expect(md).toEqual({
      title: 'TNF and IL-6 in colorectal cancer cells',
      authors: ['Linh T. Nguyen', 'Omar Haddad'],
      year: 2019,
      doi: null,
    });
  });
  it('prefers a metadata title page 1 confirms, and a DOI from the Subject', () => {
    const page = [line('Complications of DVT prophylaxis', 700, 20)];
    const md = extractMetadata(
      {
        info: {
          Title: 'Complications of DVT prophylaxis',
          Subject: 'J Trauma 2010 4:1. doi:10.1186/1752-2897-4-1',
        },
        xmp: {},
      },
      page,
      792,
    );
    expect(md.title).toBe('Complications of DVT prophylaxis');
    expect(md.doi).toBe('10.1186/1752-2897-4-1');
    expect(md.year).toBe(2010);
  });
  it('gives names set in capitals natural case, and leaves initials and mixed case alone', () => {
    expect(naturalCase('MARY J. O’CONNELL')).toBe('Mary J. O’Connell');
    expect(naturalCase('JEAN-PIERRE DUPONT')).toBe('Jean-Pierre Dupont');
    expect(naturalCase('Thomas A. McDonald')).toBe('Thomas A. McDonald');
    expect(parseAuthorLine('ANDREW E. WEBB1, THOMAS A. WALSH1 and MARY J. O’CONNELL1,2')).toEqual([
      'Andrew E. Webb',
      'Thomas A. Walsh',
      'Mary J. O’Connell',
    ]);
  });
  it('finds a DOI printed only on a later page', () => {
    const page = [line('Complications of DVT prophylaxis', 700, 20)];
    const md = extractMetadata(
      { info: {}, xmp: {} },
      page,
      792,
      'Cite this article as: … doi:10.1155/2010/157939.',
    );
    expect(md.doi).toBe('10.1155/2010/157939');
  });
  it('keeps the Author field when page 1 read a wrapped title line as the byline', () => {
    const names = [
      'Hye Jin Kim',
      'Min Soo Park',
      'Ji Woo Lee',
      'Sung Hoon Choi',
      'Eun Young Jung',
      'Dae Ho Kang',
      'Yoon Ah Seo',
      'Jae Won Han',
      'Mi Ran Yoon',
      'Kyung Hee Lim',
      'Seung Jun Oh',
    ];
    const page = [
      line('Fucoidan induces apoptosis in human colon', 700, 18, 'title'),
      line('Cancer Cells', 678, 16, 'title-2'),
      // A byline the page rules cannot read: each name with its institution in brackets.
      line(names.map((n) => `${n} (Seoul National University)`).join(', '), 650, 10),
    ];
    const md = extractMetadataWithSources(
      {
        info: { Title: 'Fucoidan induces apoptosis in human colon Cancer Cells', Author: names.join(', ') },
        xmp: {},
      },
      page,
      792,
    );
    expect(md.title).toBe('Fucoidan induces apoptosis in human colon Cancer Cells');
    expect(md.authors).toEqual(names);
    expect(md.sources).toEqual({ title: 'metadata', authors: 'metadata' });
  });
  it('chooses between the page and the Author field by what page 1 prints', () => {
    const text = 'Sabine Grüschow1, Stuart McQuarrie1 and Malcolm F. White1 School of Biology';
    const page = ['Sabine Grüschow', 'Stuart McQuarrie', 'Malcolm F. White'];
    // Surname first and an ü lost: page 1 does not print those words, so the field is not believed.
    expect(
      chooseAuthors(page, ['Grschow Sabine', 'McQuarrie Stuart', 'White MalcolmF.'], text, 'CRISPR'),
    ).toEqual({ authors: page, from: 'page' });
    // The field lists more names, page 1 prints them all and the page list is part of it: the field wins,
    // with page 1's spelling where both name a person.
    const acl = 'Kyle Lo†∗ Lucy Lu Wang†∗ Mark Neumann† Rodney Kinney† Daniel S. Weld†‡';
    expect(
      chooseAuthors(
        ['Rodney Kinney', 'Daniel S. Weld'],
        ['Kyle Lo', 'Lucy Lu Wang', 'Mark Neumann', 'Rodney Kinney', 'Daniel Weld'],
        acl,
        'S2ORC',
      ),
    ).toEqual({
      authors: ['Kyle Lo', 'Lucy Lu Wang', 'Mark Neumann', 'Rodney Kinney', 'Daniel S. Weld'],
      from: 'metadata',
    });
    // One name in the field against a full byline: the page wins.
    expect(chooseAuthors(page, ['Sabine Grüschow'], text, null).from).toBe('page');
  });
  it("takes the metadata title when page 1 prints its Greek letter as the Symbol font's Latin one", () => {
    const page = [
      line('Host factors for the lysis-lysogeny decision of bacteriophage l', 700, 18),
      line('Anna Berg1 and Tomas Lind2', 670, 11),
    ];
    const md = extractMetadata(
      { info: { Title: 'Host factors for the lysis-lysogeny decision of bacteriophage λ' }, xmp: {} },
      page,
      792,
    );
    expect(md.title).toBe('Host factors for the lysis-lysogeny decision of bacteriophage λ');
  });
  it('joins a title word broken at a soft hyphen and dates a paper by its citation line', () => {
    const page = [
      line('Post- transcriptional splicing can occur in a', 700, 20, 't'),
      line('slow-moving zone around the gene', 676, 20, 't'),
      line('Allison Coté1† and Arjun Raj1*', 650, 11),
      line('Version of Record published 05 April 2024', 300, 8),
      line('Coté et al. eLife 2023;12:RP91357. DOI: https://doi.org/10.7554/eLife.91357', 40, 8),
    ];
    const md = extractMetadata({ info: {}, xmp: {} }, page, 792);
    expect(md.title).toBe('Post-transcriptional splicing can occur in a slow-moving zone around the gene');
    expect(md.year).toBe(2023);
    expect(md.authors).toEqual(['Allison Coté', 'Arjun Raj']);
  });
});

// Layouts of the R packages' articles (test/bench/metadata-unseen.ts, first set).
describe('titles and bylines of journal-style articles', () => {
  const info = (i: Record<string, string>) => ({ info: i, xmp: {} });
  it('joins a wrapped title line set in a new font subset of the same size, but not a short label', () => {
    const page = [
      line('strucchange: An R Package for Testing for Structural', 681, 17.22, 'f1'),
      line('Change in Linear Regression Models', 659, 17.22, 'f2'),
      line('Achim Zeileis', 628, 11.96, 'f4'),
    ];
    expect(extractMetadata(info({}), page, 792).title).toBe(
      'strucchange: An R Package for Testing for Structural Change in Linear Regression Models',
    );
    const labelled = [
      line('Research Article', 643, 17.93, 'f2'),
      line('Patient Experiences of Structured Heart Failure Programmes', 619, 17.93, 'f3'),
      line('Nuala E. Tully, Karen M. Morgan', 575, 11.96, 'f3'),
    ];
    expect(extractMetadata(info({}), labelled, 792).title).toBe(
      'Patient Experiences of Structured Heart Failure Programmes',
    );
  });

  it('reads raised affiliation letters as marks, and drops a footnote mark raised at the title’s end', () => {
    const page = [
      { ...line('Accelerating R with Fast Linear Algebra1', 700, 17), sup: [39, 40] },
      // "Dirk Eddelbuettela and James Joseph Balamutab", the a and b set small and raised.
      { ...line('Dirk Eddelbuettela and James Joseph Balamutab', 660, 11), sup: [17, 18, 44, 45] },
    ];
    expect(extractMetadata(info({}), page, 792)).toMatchObject({
      title: 'Accelerating R with Fast Linear Algebra',
      authors: ['Dirk Eddelbuettel', 'James Joseph Balamuta'],
    });
    // A formula's superscript at the end of a title stays.
    const formula = [
      { ...line('Signalling through Ca2+', 700, 17), sup: [21, 23] },
      line('Ana Ruiz', 660, 11),
    ];
    expect(extractMetadata(info({}), formula, 792).title).toBe('Signalling through Ca2+');
  });

  it('finds the second line of a title that reading order put after the first byline column', () => {
    const page = [
      line('Package deSolve: Solving Initial Value Differential', 721, 17.22),
      line('Karline Soetaert', 656, 11.96),
      line('Royal Netherlands Institute', 640, 10.91, 'g'),
      line('Equations in R', 699, 17.22),
      line('Thomas Petzoldt', 656, 11.96),
    ];
    expect(extractMetadata(info({}), page, 792)).toMatchObject({
      title: 'Package deSolve: Solving Initial Value Differential Equations in R',
      authors: ['Karline Soetaert'],
    });
  });

  it('keeps the case page 1 prints when the Title field has the same words in another case', () => {
    const page = [
      line('Fitting Linear Mixed-Effects Models Using lme4', 721, 17.22),
      line('Douglas Bates', 678, 11.96),
    ];
    const md = extractMetadataWithSources(
      info({ Title: 'Fitting Linear Mixed-Effects Models using lme4' }),
      page,
      792,
    );
    expect(md.title).toBe('Fitting Linear Mixed-Effects Models Using lme4');
    expect(md.sources.title).toBe('page');
  });

  it('orders the Author field’s names as page 1 prints them in full', () => {
    const pageText =
      'party: A Laboratory for Recursive Partytioning\nTorsten Hothorn\nLudwig-Maximilians-\nKurt Hornik\n' +
      'Achim Zeileis\nThe party package (Hothorn, Hornik, and Zeileis 2006) aims at';
    const meta = ['Achim Zeileis', 'Torsten Hothorn', 'Kurt Hornik'];
    expect(chooseAuthors(['Torsten Hothorn'], meta, pageText, 'party').authors).toEqual([
      'Torsten Hothorn',
      'Kurt Hornik',
      'Achim Zeileis',
    ]);
    // A name the page prints otherwise (a middle initial): the field's order stands.
    expect(
      chooseAuthors(['Torsten Hothorn'], meta, pageText.replace('Kurt Hornik', 'Kurt A. Hornik'), 'party')
        .authors,
    ).toEqual(meta);
  });
});
