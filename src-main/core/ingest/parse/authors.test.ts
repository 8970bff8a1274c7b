import { describe, expect, it } from 'vitest';
import { composeAccents, parseAuthorField, parseAuthorLine } from './authors';

describe('author lines', () => {
  it('keeps names marked with the asterisk operator and daggers (small capitals read as capitals)', () => {
    // Small capitals come out of pdf.js as capitals; ∗ is U+2217, not "*".
    expect(parseAuthorLine('GILLIAN DOUGLAS∗, SONIA LUBBE∗, ANJALI SHARMA†, and PETER STURROCK∗‡')).toEqual([
      'Gillian Douglas',
      'Sonia Lubbe',
      'Anjali Sharma',
      'Peter Sturrock',
    ]);
    expect(parseAuthorLine('Gillian DOUGLAS∗, Sonia LUBBE∗¹ and Peter STURROCK²')).toEqual([
      'Gillian Douglas',
      'Sonia Lubbe',
      'Peter Sturrock',
    ]);
  });
  it('splits a byline whose only separators are marks', () => {
    expect(parseAuthorLine('Kyle Lo†∗ Lucy Lu Wang†∗ Mark Neumann†')).toEqual([
      'Kyle Lo',
      'Lucy Lu Wang',
      'Mark Neumann',
    ]);
  });
  it('keeps a marked name whose surname was typeset in lower case, beside a name that reads as one', () => {
    expect(parseAuthorLine('Amina Okafor1 and Tesfaye gebremariam2')).toEqual([
      'Amina Okafor',
      'Tesfaye gebremariam',
    ]);
    expect(parseAuthorLine('Amina Okafor1, Tesfaye gebremariam2, Lena Holm1')).toHaveLength(3);
    // Unmarked, or with no name beside it, or a phrase of function words: not a byline.
    expect(parseAuthorLine('Amina Okafor and Tesfaye gebremariam')).toBeNull();
    expect(parseAuthorLine('Tesfaye gebremariam1, Results show2')).toBeNull();
    expect(parseAuthorLine('Amina Okafor1, The methods2, For each3')).toBeNull();
  });
  it('puts spacing accents back on their letters, in either order', () => {
    expect(composeAccents('H´el`ene Pasquier')).toBe('Hélène Pasquier');
    expect(composeAccents('Vale´rie')).toBe('Valérie');
    expect(parseAuthorLine('H´el`ene Pasquier1, Val´erie Derrien2 and Jean Martin1')).toEqual([
      'Hélène Pasquier',
      'Valérie Derrien',
      'Jean Martin',
    ]);
  });
  it('reads non-breaking hyphens, run-together words and superscript letters run into a name', () => {
    expect(parseAuthorLine('Kresten Lindorff‑Larsen1* and DanielTabet2,3, Jimmy A. McGuire3')).toEqual([
      'Kresten Lindorff-Larsen',
      'Daniel Tabet',
      'Jimmy A. McGuire',
    ]);
    expect(parseAuthorLine('T. Jeffrey Cole,a Claus O. Wilke,a Bryan W. Daviesb,c')).toEqual([
      'T. Jeffrey Cole',
      'Claus O. Wilke',
      'Bryan W. Davies',
    ]);
    expect(parseAuthorLine('Hans Müller1 und Petra Schmidt2')).toEqual(['Hans Müller', 'Petra Schmidt']);
    // A byline wrapped after its "&", and a run-together name whose first part is hyphenated.
    expect(parseAuthorLine('Tan N. Nguyen5, Hyoung‑KyuSong1 &')).toEqual([
      'Tan N. Nguyen',
      'Hyoung-Kyu Song',
    ]);
    // Words of a department are not a name.
    expect(
      parseAuthorLine('Plant Biology and Biodiversity Management and Environmental Sciences'),
    ).toBeNull();
  });
  it('reads the PDF Author field, without honorifics or "et al."', () => {
    expect(parseAuthorField('Kyle Lo ; Lucy Lu Wang ; Daniel Weld')).toEqual([
      'Kyle Lo',
      'Lucy Lu Wang',
      'Daniel Weld',
    ]);
    expect(parseAuthorField('Dr Jamie Brown PhD')).toEqual(['Jamie Brown']);
    expect(parseAuthorField('Nuala E. Tully {et al.}')).toEqual(['Nuala E. Tully']);
    expect(parseAuthorField('A. Cole;B. Parker')).toEqual(['A. Cole', 'B. Parker']);
  });
});
