import type { TextItem } from '../types';

/**
 * Whether a page's text layer can be read as it is, or must be read from the page image: a page with no text
 * (a scan) and a page whose text is nonsense (a font whose character map is shifted: "¿Äº¿Ä½Å¼·¼ÂËÅÈ»É" for
 * "Binding of a fluorescence") are read by OCR.
 *
 * Nonsense is told by the share of its words that are common function words of the languages papers are
 * written in (the, of, und, der, de, la, και, …): real prose in any of them has 12–58% of its words of two letters or more
 * (every page of the 18 readable shared papers), a garbled layer none (0% on the f1000 paper's seven garbled
 * pages).
 * Pages in a script the list does not cover (Cyrillic, CJK, Arabic) are never called nonsense.
 */
const FUNCTION_WORDS = new Set(
  [
    // English
    'the of and in to a is for that with by are was on as be from at this were which an or we not have it these',
    'their has been than between both also our its can may after when all but more most other such into no one',
    // German
    'der die das und in den von zu mit ist im für auf des dem nicht ein eine als auch es an werden aus bei sich',
    'wurde sind nach zur zum durch oder wie einer eines einem wird',
    // Spanish, Portuguese, Italian, French
    'el la de que y en los las del se por un una con para es al lo como más o su sus fue son entre sin sobre',
    'e o do da dos das em no na não uma com para os as ao pelo pela il di che è per non le gli dei delle nel',
    'et le les des du en un une est pour dans qui par sur au aux ce sont pas plus ou avec',
    // Dutch
    'het een van en in is op te dat voor met zijn niet aan ook als bij door werd',
    // Greek
    'και το η ο της του των την τα σε με για από που στο στην στη οι να είναι ως ή δεν',
  ]
    .join(' ')
    .split(' '),
);

/** Letters of scripts the function-word list covers: Latin and Greek. */
const COVERED = /[\p{Script=Latin}\p{Script=Greek}]/u;

export type PageTextVerdict = 'ok' | 'no-text' | 'garbled';

/** Below this many letters a page has no text layer to speak of (a scan, or a scan's page number). */
const MIN_LETTERS = 40;
/** Pages with fewer words than this (figures, tables, a title page) are not judged: too little to tell. */
const MIN_WORDS = 40;
/** Function-word share below which a page's text is nonsense (prose has 25–50%, garbled text ~0%). */
const MIN_SHARE = 0.06;

export interface TextStats {
  letters: number;
  words: number;
  /** Words in covered scripts, and how many of those are function words. */
  covered: number;
  functionWords: number;
}

export function textStats(text: string): TextStats {
  let letters = 0;
  let words = 0;
  let covered = 0;
  let functionWords = 0;
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{M}]+/u)) {
    letters += raw.length;
    // One-letter words ("a", "y", "e") turn up by chance in garbled text: only longer words are judged.
    if (raw.length < 2) continue;
    words++;
    if (!COVERED.test(raw)) continue;
    covered++;
    if (FUNCTION_WORDS.has(raw)) functionWords++;
  }
  return { letters, words, covered, functionWords };
}

/** The verdict on one page's text, from its positioned items. */
export function judgePageText(items: TextItem[]): PageTextVerdict {
  return judgeText(items.map((it) => it.str).join(' '));
}

export function judgeText(text: string): PageTextVerdict {
  const s = textStats(text);
  if (s.letters < MIN_LETTERS) return 'no-text';
  // Mostly another script: not ours to judge.
  if (s.words < MIN_WORDS || s.covered < s.words / 2) return 'ok';
  return s.functionWords / s.covered < MIN_SHARE ? 'garbled' : 'ok';
}
