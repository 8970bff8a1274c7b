import { describe, expect, it } from 'vitest';
import { extractMetadata, findDoi, naturalCase, parseAuthorLine } from './metadata';
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
});
