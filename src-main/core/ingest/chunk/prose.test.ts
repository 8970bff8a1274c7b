import { describe, expect, it } from 'vitest';
import { isProseSpan, nonProseSpans } from './prose';

describe('paragraphs that are not prose', () => {
  const text = [
    'Andrew E. Webb1, Thomas A. Walsh1 and Mary J. O’Connell1,2',
    '1 School of Biology, Faculty of Biological Sciences, University of Leeds, Leeds, United Kingdom',
    'INTRODUCTION',
    'One of the most popular methods is codeML from the PAML software package (Yang, 2007).',
    'Table 1 Overview of the 5 Phases in the VESPA software package.',
    'ATG16L1 ATP5SL AZGP1 C12orf43 CACNA1I CASP1 CD151 COBLL1 HUS1 IDH3B IFIT2',
    'Figure 2: The functions of each phase are shown as white boxes.',
    'Table 2 shows that the alignments differ in a few sites.',
  ].join('\n\n');
  const spans = nonProseSpans(text);
  const kindOf = (needle: string) => {
    const at = text.indexOf(needle);
    return spans.find((s) => s.start <= at && at < s.end)?.kind ?? 'prose';
  };

  it('types captions, tables, affiliations and headings, and leaves prose alone', () => {
    expect(kindOf('Andrew E. Webb1')).toBe('heading');
    expect(kindOf('School of Biology')).toBe('affiliation');
    expect(kindOf('INTRODUCTION')).toBe('heading');
    expect(kindOf('One of the most popular')).toBe('prose');
    expect(kindOf('Table 1 Overview')).toBe('caption');
    expect(kindOf('ATG16L1')).not.toBe('prose');
    expect(kindOf('Figure 2:')).toBe('caption');
    expect(kindOf('Table 2 shows')).toBe('prose');
  });

  it('labels captions as they are cited', () => {
    expect(spans.filter((s) => s.kind === 'caption').map((s) => s.label)).toEqual(['Table 1', 'Figure 2']);
  });

  it('tells whether a span touches non-prose', () => {
    const at = text.indexOf('One of the most');
    expect(isProseSpan(spans, at, at + 20)).toBe(true);
    expect(isProseSpan(spans, text.indexOf('ATG16L1'), text.indexOf('ATG16L1') + 5)).toBe(false);
  });
});
