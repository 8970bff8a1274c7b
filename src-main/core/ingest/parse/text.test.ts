import { describe, expect, it } from 'vitest';
import { atxHeading, parseText } from './text';

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
  it('reads front matter and closed ATX headings without regular expressions on the text', () => {
    const doc = parseText(
      '---\ntitle: "Ketones"\nauthors: [A. Smith, B. Jones]\n---\n## Methods ##\nWe fasted.\n',
      'md',
    );
    expect(doc.title).toBe('Ketones');
    expect(doc.authors).toEqual(['A. Smith', 'B. Jones']);
    expect(doc.sections[0]).toMatchObject({ name: 'methods', heading: 'Methods' });
    expect(atxHeading('# C#')).toBe('C#');
    expect(atxHeading('#   ')).toBeNull();
    expect(atxHeading('####### seven')).toBeNull();
    expect(atxHeading('#no-space')).toBeNull();
  });

  // Regression: `/\s+$/` and the heading pattern backtracked over whitespace runs (40K spaces: 7.5 s,
  // 80K: 38 s), so one such run hung ingestion. Each input below now parses in a few milliseconds.
  it('parses whitespace runs and one-line megabyte files in linear time', () => {
    const run = ' '.repeat(40_000);
    const inputs: [string, 'txt' | 'md'][] = [
      [`text${run}\n`, 'txt'],
      [`text${run}x${run}`, 'txt'],
      [`# heading${run}#${run}x`, 'md'],
      [`---\ntitle: ${run}x${run}\nauthors: ${run}\n---\nbody${run}`, 'md'],
      [`Authors:${run}and${run}x`, 'txt'],
      ['# ' + 'word '.repeat(200_000), 'md'],
    ];
    for (const [text, kind] of inputs) {
      const started = performance.now();
      const doc = parseText(text, kind);
      expect(doc.text.length).toBeLessThanOrEqual(text.length);
      expect(performance.now() - started, JSON.stringify(text.slice(0, 20))).toBeLessThan(1000);
    }
  });
});
