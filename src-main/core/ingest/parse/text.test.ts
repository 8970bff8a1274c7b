import { describe, expect, it } from 'vitest';
import { parseText } from './text';

describe('parseText', () => {
  it('reads Markdown: title, author, sections, references cut out', () => {
    const doc = parseText(
      '# OEA notes\n\nAuthors: Amara N. Okafor\n\n## Introduction\n\nOEA activates PPAR-alpha.\n\n## References\n\n1. Everard A. PNAS. 2013.\n2. Laplante M. Cell. 2012.\n',
      'md',
    );
    expect(doc.title).toBe('OEA notes');
    expect(doc.authors).toEqual(['Amara N. Okafor']);
    expect(doc.sections.map((s) => s.name)).toEqual(['introduction', 'references']);
    expect(doc.references).toEqual(['1. Everard A. PNAS. 2013.', '2. Laplante M. Cell. 2012.']);
    expect(doc.text).not.toContain('Everard');
    const intro = doc.sections[0]!;
    expect(doc.text.slice(intro.start, intro.end)).toContain('OEA activates PPAR-alpha.');
    expect(doc.pageOffsets).toEqual([0]);
  });
  it('reads plain text with CRLF line ends and a DOI', () => {
    const doc = parseText('TNF and IL-6\r\n\r\nIntroduction\r\nSee doi:10.5555/x.1 for details.\r\n', 'txt');
    expect(doc.title).toBe('TNF and IL-6');
    expect(doc.doi).toBe('10.5555/x.1');
    expect(doc.sections.map((s) => s.name)).toEqual(['introduction']);
    expect(doc.text).not.toContain('\r');
  });
});
