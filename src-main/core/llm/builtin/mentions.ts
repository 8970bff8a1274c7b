import { typeFromHead } from './lexicon';
import {
  DISEASE_HEADS,
  PROTEIN_HEADS,
  chemicalWord,
  diseaseWord,
  enzymeWord,
  isCompoundCode,
  isGeneSymbol,
} from './morphology';
import type { Sentence, Word } from './nlp/words';
import type { Mention } from './mention';
import { shapeNames } from './shapes';
import { geneNames } from './symbols';
import type { TermIndex } from './terms';
import { at } from '../../at';

/** "X-induced Y": the part before the suffix names the cause (almost always a chemical in pharmacology). */
export const CAUSE_SUFFIXES = [
  '-induced',
  '-associated',
  '-related',
  '-treated',
  '-evoked',
  '-mediated',
  '-dependent',
];

/** Modifiers that belong to a disease name ("acute renal failure") vs. words that only grade it. */
const NOT_MODIFIERS = new Set(
  (
    'severe mild moderate significant possible probable transient reversible fatal rare new common several ' +
    'other such this that these those its their his her our any some many most more less same both each ' +
    'clinical drug patients patient induced related associated treated potential marked serious subsequent ' +
    'early late previous prior further total overall high low increased decreased reduced risk onset median ' +
    'human experimental massive decrease increase control exercise treatment therapy dose use effect ' +
    'animal animals model rat rats mouse mice group greater better worse poor good multidisciplinary ' +
    'primary local'
  ).split(' '),
);
const MODIFIER_POS = new Set(['ADJ', 'NOUN', 'PROPN']);

const isLowerish = (w: Word) => w.text === w.lower || (w.first && w.text.slice(1) === w.lower.slice(1));

function phraseAt(s: Sentence, text: string, i: number, n: number): string {
  return text
    .slice(at(s.words, i).start, at(s.words, i + n - 1).end)
    .toLowerCase()
    .split(/\s+/)
    .join(' ');
}

/** Known terms that are also words of a common idiom after "in" or "by" ("in contrast", "by contrast"). */
const IDIOMS = new Set(['contrast', 'addition', 'turn', 'part', 'vivo', 'vitro', 'fact', 'general']);
const IDIOM_BEFORE = new Set(['in', 'by']);

/** Known terms, longest first at each position. */
function termMentions(s: Sentence, text: string, terms: TermIndex): Mention[] {
  const out: Mention[] = [];
  const ws = s.words;
  for (let i = 0; i < ws.length; i++) {
    for (let n = Math.min(terms.maxWords, ws.length - i); n >= 1; n--) {
      const phrase = phraseAt(s, text, i, n);
      // A plural is its singular's term ("heparins", "seizures" when only "seizure" is known).
      const type =
        terms.types.get(phrase) ?? (phrase.endsWith('s') ? terms.types.get(phrase.slice(0, -1)) : undefined);
      if (!type) continue;
      // "MUSCLE" (software) or "METHODS" are not the lower-case terms they spell; "AMPK" is its own term.
      if (n === 1 && at(ws, i).text.length > 3 && /^[A-Z]+$/.test(at(ws, i).text) && !terms.cased.has(phrase))
        continue;
      // "In contrast," is not a contrast agent.
      if (n === 1 && i > 0 && IDIOM_BEFORE.has(at(ws, i - 1).lower) && IDIOMS.has(at(ws, i).lower)) continue;
      const start = at(ws, i).start;
      const end = at(ws, i + n - 1).end;
      out.push({ start, end, name: text.slice(start, end), type, rank: 1 });
      break;
    }
  }
  return out;
}

/** Causes that are not chemicals: "stress-induced", "exercise-induced". */
const NOT_CAUSES = new Set(
  'drug drugs stress exercise injury surgery radiation light noise age sex dose time heat cold cell cells'.split(
    ' ',
  ),
);

/**
 * A cause prefix of a glued word: "cocaine" in "cocaine-induced", "L-dopa" in "L-dopa-induced". After
 * "-induced" and "-evoked" the cause is a chemical unless it looks like a disease or a generic cause; after
 * the weaker suffixes ("-related", "-mediated" …) only when the word itself shows it is one.
 */
function causePrefix(w: Word, terms: TermIndex): Mention | null {
  for (const suf of CAUSE_SUFFIXES) {
    if (w.lower.length > suf.length + 2 && w.lower.endsWith(suf)) {
      const name = w.text.slice(0, -suf.length);
      const low = name.toLowerCase();
      if (!/[A-Za-z]{2}/.test(name) || NOT_CAUSES.has(low) || diseaseWord(low)) return null;
      const known = terms.types.get(low);
      const strong = suf === '-induced' || suf === '-evoked';
      const chemical =
        known === 'compound/drug' || chemicalWord(name) || isCompoundCode(name) || (strong && !known);
      if (!chemical) return null;
      return { start: w.start, end: w.start + name.length, name, type: 'compound/drug', rank: 3 };
    }
  }
  return null;
}

/** Word-shape mentions: INN stems, disease suffixes, enzymes, compound codes and symbols, "X receptor". */
function shapeMentions(s: Sentence, text: string, terms: TermIndex): Mention[] {
  const out: Mention[] = [];
  const ws = s.words;
  const single = (w: Word, type: string, rank: number) =>
    out.push({ start: w.start, end: w.end, name: w.text, type, rank });
  for (let i = 0; i < ws.length; i++) {
    const w = at(ws, i);
    if (w.pos === 'PUNCT' || w.pos === 'SYM' || w.pos === 'NUM') continue;
    const cause = causePrefix(w, terms);
    if (cause) {
      out.push(cause);
      continue;
    }
    if (isCompoundCode(w.text)) single(w, 'compound/drug', 4);
    // Software written in camel case with a capitalised tail: "codeML", "phyML".
    else if (/^[a-z]{3,}[A-Z]{2,}$/.test(w.text)) single(w, 'method', 5);
    else if (isGeneSymbol(w.text)) single(w, /^[A-Z]+\d+[A-Z]?$/.test(w.text) ? 'gene' : 'protein', 5);
    else if (w.pos === 'VERB' || w.pos === 'ADV' || w.pos === 'AUX' || !isLowerish(w)) {
      if (w.pos !== 'PROPN' || !chemicalWord(w.text)) continue;
      single(w, 'compound/drug', 3);
    } else if (diseaseWord(w.text)) out.push(diseasePhrase(s, text, i, i + 1));
    else if (DISEASE_HEADS.has(w.lower) && i > 0 && isModifier(at(ws, i - 1)))
      out.push(diseasePhrase(s, text, i, i + 1));
    else if (chemicalWord(w.text)) {
      // "X acid", "X chloride": the chemical is the two words.
      const next = ws[i + 1];
      if (next && /^(acid|chloride|sulfate|hydrochloride|oxide|citrate|acetate)$/.test(next.lower)) {
        out.push({
          start: w.start,
          end: next.end,
          name: text.slice(w.start, next.end),
          type: 'compound/drug',
          rank: 3,
        });
        i++;
      } else single(w, 'compound/drug', 3);
    } else if (enzymeWord(w.text)) single(w, 'protein', 3);
    // "X factor" is too often plain English ("a core factor"): a factor is a protein by its name only.
    else if (
      PROTEIN_HEADS.has(w.lower) &&
      w.lower !== 'factor' &&
      i > 0 &&
      isModifier(at(ws, i - 1)) &&
      at(ws, i - 1).pos !== 'ADJ'
    ) {
      const start = at(ws, i - 1).start;
      // "angiotensin receptor" is a protein, though "angiotensin" alone is a known chemical.
      out.push({ start, end: w.end, name: text.slice(start, w.end), type: 'protein', rank: 1 });
    }
  }
  return out;
}

function isModifier(w: Word): boolean {
  return (
    // Plural nouns rarely modify a disease name ("antimicrobial agents decrease infection").
    !(w.pos === 'NOUN' && w.lower.endsWith('s') && !w.lower.endsWith('ss')) &&
    MODIFIER_POS.has(w.pos) &&
    isLowerish(w) &&
    /^[a-z][a-z'-]*$/.test(w.lower) &&
    w.lower.length > 2 &&
    !NOT_MODIFIERS.has(w.lower) &&
    !CAUSE_SUFFIXES.some((x) => w.lower.endsWith(x)) &&
    !chemicalWord(w.text)
  );
}

/** A disease word or head with the modifiers before it that belong to the name (at most three). */
function diseasePhrase(s: Sentence, text: string, from: number, to: number, adjectivesOnly = false): Mention {
  let i = from;
  const ok = (w: Word) => isModifier(w) && (!adjectivesOnly || w.pos === 'ADJ');
  while (i > 0 && from - i < 3 && ok(at(s.words, i - 1))) i--;
  const start = at(s.words, i).start;
  const end = at(s.words, to - 1).end;
  return { start, end, name: text.slice(start, end), type: 'disease', rank: 2 };
}

function extendDisease(s: Sentence, text: string, m: Mention): Mention {
  const first = s.words.findIndex((w) => w.start === m.start);
  const last = s.words.findIndex((w) => w.end === m.end);
  return first < 0 || last < 0 ? m : diseasePhrase(s, text, first, last + 1, true);
}

/** "low molecular weight heparin": the weight class is part of the drug's name. */
function withMolecularWeight(s: Sentence, text: string, m: Mention): Mention {
  const i = s.words.findIndex((w) => w.start === m.start);
  if (i < 1) return m;
  const before = s.words.slice(Math.max(0, i - 3), i);
  const phrase = before.map((w) => w.lower).join(' ');
  const hit =
    /(?:^|\s)((?:low|high)(?:[- ]molecular[- ]weight|-molecular-weight)|(?:low|high) molecular-weight)$/.exec(
      phrase,
    ) ?? /(?:^|\s)((?:low|high)-molecular-weight)$/.exec(phrase);
  if (!hit) return m;
  const nWords = at(hit, 1).split(' ').length;
  const start = at(s.words, i - nWords).start;
  return { ...m, start, name: text.slice(start, m.end) };
}

/** Mentions already found in a sentence of the last analysed text, per term index (read-only). */
const found = new WeakMap<Sentence, { text: string; terms: TermIndex; mentions: readonly Mention[] }>();

/**
 * All candidate mentions of one sentence, before overlaps are resolved. A passage's sentences come back
 * from `analyse` as the same objects for each rule task that reads the passage, so with the same term
 * index the mentions found the first time are given again.
 */
export function sentenceMentions(s: Sentence, text: string, terms: TermIndex): readonly Mention[] {
  const hit = found.get(s);
  if (hit && hit.text === text && hit.terms === terms) return hit.mentions;
  const mentions = findMentions(s, text, terms);
  found.set(s, { text, terms, mentions });
  return mentions;
}

function findMentions(s: Sentence, text: string, terms: TermIndex): Mention[] {
  const known = termMentions(s, text, terms).map((m) =>
    // A known disease takes the modifiers that belong to its name ("idiopathic orthostatic hypotension").
    m.type === 'disease' ? { ...extendDisease(s, text, m), rank: 1 } : m,
  );
  return [
    ...known,
    ...shapeNames(s, text, terms.types),
    ...geneNames(s),
    ...shapeMentions(s, text, terms),
  ].map((m) => (m.type === 'compound/drug' ? withMolecularWeight(s, text, m) : m));
}

/** A type for a long form with no other evidence: its head's shape, else a neutral concept. */
export function typeOfPhrase(phrase: string, terms: TermIndex): string {
  const low = phrase.toLowerCase();
  const known = terms.types.get(low);
  if (known) return known;
  const head = low.split(/\s+/).pop() ?? '';
  if (low.split(/[\s-]+/).some((w) => PROTEIN_HEADS.has(w) || PROTEIN_WORDS.has(w))) return 'protein';
  if (diseaseWord(head) || DISEASE_HEADS.has(head)) return 'disease';
  if (chemicalWord(head)) return 'compound/drug';
  if (enzymeWord(head) || PROTEIN_HEADS.has(head)) return 'protein';
  // The head-word guesses for drugs, proteins and diseases are too loose ("control", "please"); the finer
  // ones (cell type, anatomy, method …) hold for a phrase of two or more words.
  const guess = low.includes(' ') ? typeFromHead(phrase) : null;
  return guess && !LOOSE_GUESSES.has(guess) ? guess : 'concept';
}

const PROTEIN_WORDS = new Set('protein proteins interleukin troponin hormone peptide cytokine'.split(' '));

const LOOSE_GUESSES = new Set(['compound/drug', 'protein', 'gene', 'disease']);

/** Keeps the best of overlapping mentions (rank, then length), in text order. */
export function resolveOverlaps(mentions: Mention[]): Mention[] {
  const sorted = [...mentions].sort(
    (a, b) => a.rank - b.rank || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const taken: Mention[] = [];
  for (const m of sorted) if (!taken.some((t) => m.start < t.end && t.start < m.end)) taken.push(m);
  return taken.sort((a, b) => a.start - b.start);
}
