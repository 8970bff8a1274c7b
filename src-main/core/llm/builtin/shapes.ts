import { isCommonWord } from '../../nlp/english-frequency';
import type { Mention } from './mention';
import type { Sentence, Word } from './nlp/words';
import { at } from '../../at';

/**
 * Names whose written shape says what they are, in any field: sequence variants (HGVS and the shorthand of
 * papers), cell lines named before "cells", species binomials and their abbreviated form, and viruses.
 * Each rule reads a bounded window at a word's start, so the cost is linear in the sentence.
 */

const AA3 = 'Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val|Sec|Ter';
const AA1 = 'ACDEFGHIKLMNPQRSTVWY';
/** A protein change after "p.": Val1763Met, R175H, Arg123*, Gly12fs, Phe508del. */
const PROTEIN_CHANGE = `(?:${AA3}|[${AA1}])\\d+(?:${AA3}|[${AA1}*X]|fs[A-Za-z0-9*]{0,6}|del|dup|\\*)`;
/**
 * Sequence variants: dbSNP ids (rs121913529), HGVS (c.1763G>A, p.Val1763Met, p.(Arg123*), g.123_125del),
 * three-letter protein changes (Pro75Ala, "Pro75 Ala"), one-letter ones with two or more digits (T65S,
 * V1764M; one digit reads too often as a name, "S1P"), deletions and insertions of papers (5382insC, 4153delA,
 * F508del, ΔF508) and splice sites (IVS2+1G>A).
 */
const VARIANT = new RegExp(
  [
    'rs\\d{3,10}\\b',
    `[cgmnr]\\.[-*]?\\d+(?:[-+_]\\d+)*(?:[ACGTacgu]>[ACGTacgu]|del[ACGT]*|ins[ACGT]+|dup[ACGT]*|delins[ACGT]+)`,
    `p\\.(?:\\(${PROTEIN_CHANGE}\\)|${PROTEIN_CHANGE})`,
    `(?:${AA3}) ?\\d{1,5} ?(?:${AA3}|fs|del|X|\\*)(?![a-z])`,
    '[-+]?\\d{1,5} ?[ACGT] ?-{0,2}> ?[ACGT](?![A-Za-z])',
    '\\d{2,5}[ACGT]/[ACGT](?![A-Za-z])',
    '[ACGT]-\\d{2,5}[ACGT](?![A-Za-z0-9])',
    `[${AA1}]\\d{2,5}(?:[${AA1}X*]|fs|del)(?![A-Za-z0-9])`,
    '\\d{2,5}(?:del|ins|dup)[ACGT]{1,10}\\b',
    `(?:Δ|delta ?)[${AA1}]\\d{2,4}\\b`,
    `[${AA1}]\\d{2,4}del\\b`,
    'IVS\\d{1,2}[-+]\\d{1,3}[ACGT]>[ACGT]',
  ].join('|'),
  'y',
);

/** A sequence variant starting at this word, spanning the words it covers. */
function variantAt(s: Sentence, text: string, w: Word): Mention | null {
  VARIANT.lastIndex = w.start;
  const m = VARIANT.exec(text);
  if (!m || w.start + m[0].length > s.end) return null;
  const end = w.start + m[0].length;
  const name = text.slice(w.start, end);
  return { start: w.start, end, name, type: 'sequence variant', rank: 1 };
}

/** "HeLa", "PC-3", "HEK293", "tsA201", "SH-SY5Y", "293T": a digit or an inner capital, no spaces. */
const CELL_LINE_SHAPE = /^(?=.*(?:\d|[a-z][A-Z]|[A-Z]{2}[a-z]))[A-Za-z0-9][A-Za-z0-9-/.]{1,14}$/;
const CELL_HEADS = new Set(['cell', 'cells']);

/** A cell line: a name of that shape right before "cells" or "cell line(s)". */
function cellLineAt(s: Sentence, i: number): Mention | null {
  const w = at(s.words, i);
  const next = s.words[i + 1];
  if (!next || !CELL_HEADS.has(next.lower) || !CELL_LINE_SHAPE.test(w.text)) return null;
  // "CD4+ T cells", "T-cells": a lymphocyte class, not a line.
  if (/^CD\d/.test(w.text) || w.text.length < 3) return null;
  return { start: w.start, end: w.end, name: w.text, type: 'cell line', rank: 1 };
}

/** Endings of Latin species epithets ("melanogaster" and "leo" are listed in no ending, so they are words). */
const EPITHET =
  /^[a-z]{2,}(?:us|a|um|is|ae|i|ii|es|ens|ans|ensis|oides|ica|icus|ata|atus|ella|ii|ix|ax|ex|or|ster|leo)$/;
/** Endings of English derived words, never of a genus: "Linkage disequilibrium" is no species. */
const ENGLISH_SUFFIX =
  /(?:age|tion|sion|ment|ness|ity|ing|ance|ence|ism|ist|ive|ous|ful|less|ship|ery|ary|ory|ure|ide|ate)$/;
/** A genus name: capitalised, Latin-looking, not a word of ordinary English ("Major", "Table"). */
const GENUS = /^[A-Z][a-z]{3,}$/;

/**
 * A species: "Drosophila simulans", "Loxodonta africana" (a capitalised genus and a Latin epithet, neither a
 * word of ordinary English), or its abbreviation "D. simulans", "E. coli". Each binomial is a species of its
 * own: "D. simulans" and "D. virilis" are two.
 */
function speciesAt(s: Sentence, text: string, i: number, known: ReadonlyMap<string, string>): Mention | null {
  const w = at(s.words, i);
  const next = s.words[i + 1];
  if (!next) return null;
  let epithet = next;
  let j = i + 1;
  // wink keeps "D." as one token or as "D" and "."; the epithet is the next word either way.
  if (/^[A-Z]\.?$/.test(w.text)) {
    if (w.text.length === 1) {
      if (next.text !== '.' || next.start !== w.end) return null;
      const after = s.words[i + 2];
      if (!after) return null;
      epithet = after;
      j = i + 2;
    }
  } else if (
    !GENUS.test(w.text) ||
    ENGLISH_SUFFIX.test(w.lower) ||
    isCommonWord(w.text, 2) ||
    known.has(w.lower)
  )
    return null;
  // "Metformin activates": a verb is no epithet, nor "Gankyrin upregulates", which the tagger reads a noun.
  if (
    !EPITHET.test(epithet.text) ||
    isCommonWord(epithet.text, 0.5) ||
    /^(VERB|AUX|ADV)$/.test(epithet.pos) ||
    /(?:ates|izes|ises|ifies)$/.test(epithet.text)
  )
    return null;
  // A gap of one space (or a line break) between the genus and the epithet, nothing else.
  if (!/^\s{1,2}$/.test(text.slice(at(s.words, j - 1).end, epithet.start))) return null;
  return {
    start: w.start,
    end: epithet.end,
    name: text.slice(w.start, epithet.end),
    type: 'organism',
    rank: 1,
  };
}

/** Viruses written as their initialism: HIV-1, HBV, HCV, EBV, SARS-CoV-2. */
const VIRUS = /^(?:[A-Z]{2,4}V(?:-?\d{1,2})?|SARS-CoV-2|SARS-CoV|MERS-CoV)$/;

/** Shape mentions of one sentence: variants, cell lines, species and viruses. */
export function shapeNames(s: Sentence, text: string, known: ReadonlyMap<string, string>): Mention[] {
  const out: Mention[] = [];
  for (let i = 0; i < s.words.length; i++) {
    const w: Word = at(s.words, i);
    const m = variantAt(s, text, w) ?? cellLineAt(s, i) ?? speciesAt(s, text, i, known);
    if (m) {
      out.push(m);
      while (i + 1 < s.words.length && at(s.words, i + 1).start < m.end) i++;
    } else if (VIRUS.test(w.text))
      out.push({ start: w.start, end: w.end, name: w.text, type: 'organism', rank: 2 });
  }
  return out;
}
