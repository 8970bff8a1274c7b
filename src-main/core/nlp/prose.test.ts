import { describe, expect, it } from 'vitest';
import { captionLabel, isProseSpan, nonProseSpans } from './prose';

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

  it('labels captions as they are cited, and the cells of a table by its caption', () => {
    expect(spans.filter((s) => s.kind === 'caption').map((s) => s.label)).toEqual(['Table 1', 'Fig. 2']);
    const at = (needle: string) => text.indexOf(needle);
    expect(captionLabel(text, at('ATG16L1'), at('ATG16L1') + 7)).toBe('Table 1');
    expect(captionLabel(text, at('The functions'), at('The functions') + 10)).toBe('Fig. 2');
    // Prose, and non-prose that no caption names, have no label.
    expect(captionLabel(text, at('Table 2 shows'), at('Table 2 shows') + 10)).toBeNull();
    expect(captionLabel(text, at('School of'), at('School of') + 9)).toBeNull();
    expect(captionLabel('Metformin activates AMPK.', 0, 10)).toBeNull();
  });

  it('keeps the label as printed ("FIG. 3" is "Fig. 3", "TABLE 2" is "Table 2")', () => {
    const t =
      'FIG. 3. Dose response of AMPK.\n\nTABLE 2 | Patients by arm\n\nArm A 12 14 16\n\nArm B 11 13 15';
    expect(captionLabel(t, 0, 6)).toBe('Fig. 3');
    expect(captionLabel(t, t.indexOf('Arm B'), t.length)).toBe('Table 2');
  });

  it('tells whether a span touches non-prose', () => {
    const at = text.indexOf('One of the most');
    expect(isProseSpan(spans, at, at + 20)).toBe(true);
    expect(isProseSpan(spans, text.indexOf('ATG16L1'), text.indexOf('ATG16L1') + 5)).toBe(false);
  });
});
