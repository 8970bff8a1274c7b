import { francAll } from 'franc-min';

/**
 * The language a document is written in, from its text's letter trigrams (franc). Only the languages science is
 * commonly published in are candidates: scientific English is dense with Latin names, formulas and symbols,
 * which an open list reads as Latin, Scots or Interlingua.
 */
const CANDIDATES: Record<string, string> = {
  eng: 'English',
  deu: 'German',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  por: 'Portuguese',
  nld: 'Dutch',
  ell: 'Greek',
  rus: 'Russian',
  ukr: 'Ukrainian',
  pol: 'Polish',
  ces: 'Czech',
  slk: 'Slovak',
  hun: 'Hungarian',
  ron: 'Romanian',
  bul: 'Bulgarian',
  hrv: 'Croatian',
  srp: 'Serbian',
  slv: 'Slovenian',
  swe: 'Swedish',
  dan: 'Danish',
  nob: 'Norwegian',
  fin: 'Finnish',
  tur: 'Turkish',
  cat: 'Catalan',
  ind: 'Indonesian',
  vie: 'Vietnamese',
  cmn: 'Chinese',
  jpn: 'Japanese',
  kor: 'Korean',
  arb: 'Arabic',
  pes: 'Persian',
  heb: 'Hebrew',
  hin: 'Hindi',
};

export interface DetectedLanguage {
  /** ISO 639-3 ("eng", "deu", "ell"), the code Tesseract's trained data uses too. */
  code: string;
  name: string;
}

/** How much text is read: enough for trigrams to settle, bounded so a long document costs no more. */
const SAMPLE_CHARS = 6000;

/** The document's language, or null when the text is too short or too mixed to tell. */
export function detectLanguage(text: string): DetectedLanguage | null {
  // Past the title page (names, affiliations) when the document is long enough to have a body.
  const start = text.length > SAMPLE_CHARS * 1.5 ? Math.floor(text.length * 0.1) : 0;
  const sample = text.slice(start, start + SAMPLE_CHARS);
  const ranked = francAll(sample, { only: Object.keys(CANDIDATES), minLength: 40 });
  const [best] = ranked;
  if (!best || best[0] === 'und') return null;
  const code = best[0];
  return { code, name: CANDIDATES[code] ?? code };
}

export function languageName(code: string): string {
  return CANDIDATES[code] ?? code;
}
