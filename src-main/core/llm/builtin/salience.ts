import { perMillion } from '../../nlp/english-frequency';
import { isStopWord } from '../../nlp/stopwords';
import type { Mention } from './mention';
import type { Sentence, Word } from './nlp/words';
import { at } from '../../at';

/**
 * The passage's own terms, in any field: words and noun phrases that recur in it and stand out against
 * general English (SUBTLEX-US frequencies), and symbols written as such ("ECFP", "TipE", "ERK1/2") — what
 * VOSviewer's term maps find, read per passage so each mention keeps its sentence. Nothing vouches for a
 * type here: they are `concept`, and a lexicon, a shape or a head noun read elsewhere types them.
 *
 * Scores follow C-value (Frantzi et al. 2000): a candidate's frequency in the passage, less the occurrences
 * inside longer candidates, times the log of its length, weighted by how rare its words are in English.
 */

/** Words that head a phrase without naming anything in it ("the results", "this study"). */
const GENERIC_HEADS = new Set(
  (
    'study studies result results effect effects data analysis analyses group groups level levels value values ' +
    'use case cases number numbers part parts type types way ways time times year years day days rate rates ' +
    'method methods approach model models paper work role aim aims purpose need change changes difference ' +
    'differences increase decrease factor factors response responses condition conditions process area areas ' +
    'term terms form forms set sets figure table panel section order point points example examples fact report ' +
    'patients patient participants subjects individuals people control controls sample samples'
  ).split(' '),
);
const NOUNISH = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['NOUN', 'PROPN', 'ADJ']);
/** A symbol: letters with a digit or an inner capital ("ECFP", "TipE", "ERK1/2", "S2ORC"), no spaces. */
const SYMBOL =
  /^(?=.*\p{L})(?=.{2,16}$)(?:\p{Lu}[\p{L}\p{N}]*[\p{Lu}\p{N}][\p{L}\p{N}]*(?:[-/]\p{L}*\p{N}+\p{L}*)?|\p{Ll}+\p{Lu}[\p{L}\p{N}]*)$/u;
/** At most this many salient terms per passage: its subject, not every rare word. */
const MAX_TERMS = 8;

/**
 * A symbol of the passage: not two capitals alone (initials, "UK", "OR"), not an ordinary word in capitals
 * ("ONE", "METHODS").
 */
function isSymbol(w: string): boolean {
  return (
    SYMBOL.test(w) &&
    !/^\p{Lu}{2}$/u.test(w) &&
    // "McGuire", "DeWitt", "MacArthur": surnames, not symbols.
    !/^(?:Mc|Mac|De|Di|Da|La|Le|Van|Von|Du)\p{Lu}\p{Ll}+$/u.test(w) &&
    perMillion(w) < 1
  );
}

/** How much a word says beyond ordinary English: 0 for common words, up to ~1 for words English never uses. */
function rarity(w: string): number {
  const f = perMillion(w);
  return f >= 50 ? 0 : Math.min(1, Math.log10(50 / (f + 0.05)) / 3);
}

interface Candidate {
  key: string;
  words: number;
  spans: { sentence: number; start: number; end: number; name: string }[];
  weight: number;
}

function isContent(w: Word): boolean {
  return /^[\p{L}][\p{L}\p{N}'’-]*$/u.test(w.text) && !isStopWord(w.lower) && w.text.length > 2;
}

/**
 * Salient term mentions of a passage's sentences (index → mentions), `concept`, rank 6: any other rule
 * that reads the same words wins.
 */
export function salientMentions(sentences: readonly Sentence[], text: string): Map<number, Mention[]> {
  const cands = new Map<string, Candidate>();
  const add = (si: number, ws: Word[], weight: number) => {
    const first = at(ws, 0);
    const last = at(ws, ws.length - 1);
    const name = text.slice(first.start, last.end);
    const key = ws.map((w) => w.lower).join(' ');
    const c = cands.get(key) ?? { key, words: ws.length, spans: [], weight };
    c.spans.push({ sentence: si, start: first.start, end: last.end, name });
    cands.set(key, c);
  };
  sentences.forEach((s, si) => {
    const ws = s.words;
    for (let i = 0; i < ws.length; i++) {
      const w = at(ws, i);
      // Single words: a symbol, or a noun English rarely uses ("fucoidan", "holin", "exergy").
      if (isSymbol(w.text)) add(si, [w], 1);
      else if (isContent(w) && NOUNISH.has(w.pos) && w.text === w.lower && !GENERIC_HEADS.has(w.lower)) {
        const r = rarity(w.lower);
        if (r > 0.5) add(si, [w], r);
      }
      // Noun phrases: up to three modifiers and a noun head ("district heating system", "catch trials").
      if (!NOUNISH.has(w.pos) || !isContent(w) || GENERIC_HEADS.has(w.lower)) continue;
      for (let n = 1; n <= 3 && i - n >= 0; n++) {
        const mods = ws.slice(i - n, i);
        if (
          !mods.every((m) => MODIFIER.has(m.pos) && isContent(m) && (m.text === m.lower || isSymbol(m.text)))
        )
          break;
        const phrase = [...mods, w];
        const weight = Math.max(...phrase.map((p) => rarity(p.lower)));
        if (weight > 0.2) add(si, phrase, weight);
      }
    }
  });
  // C-value: occurrences inside a longer candidate do not count for the shorter one.
  const sorted = [...cands.values()].sort((a, b) => b.words - a.words);
  const score = new Map<string, number>();
  for (const c of sorted) {
    const own = c.spans.filter(
      (sp) =>
        !sorted.some(
          (o) =>
            o.words > c.words &&
            score.has(o.key) &&
            o.spans.some((x) => x.start <= sp.start && sp.end <= x.end),
        ),
    ).length;
    const name = at(c.spans, 0).name;
    const symbol = c.words === 1 && isSymbol(name);
    // A symbol counts once (three capitals without a digit three times: "JB", "SA" are a paper's authors); a
    // rare word, or a phrase with one, twice; a phrase of ordinary words three times.
    const need = symbol ? (/^\p{Lu}{3}$/u.test(name) ? 3 : 1) : c.weight >= 0.5 ? 2 : 3;
    if (own < need) continue;
    score.set(c.key, own * Math.log2(c.words + 1) * c.weight);
  }
  const keep = [...score.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_TERMS)
    .map(([k]) => k);
  const out = new Map<number, Mention[]>();
  for (const k of keep) {
    const c = cands.get(k);
    if (!c) continue;
    for (const sp of c.spans) {
      const list = out.get(sp.sentence) ?? [];
      list.push({ start: sp.start, end: sp.end, name: sp.name, type: 'concept', rank: 6 });
      out.set(sp.sentence, list);
    }
  }
  return out;
}
