import { findAbbreviations, type AbbreviationDefinition } from '../../nlp/abbreviations';
import type { QuestionFocus } from './question-focus';
import { contentTerms, words } from './text';

/**
 * Whether a sentence answers a question: it carries the question's subject (its content words, a defined
 * abbreviation standing for its long form and back, other forms of a word) AND what is asked about it (a
 * number with its unit for "how many / how frequent / what value", the items of a list, a verb of mechanism,
 * a comparison), and it is about the names the question uses. The built-in answer picks its sentences by
 * this fit, refuses when no sentence fits, and the QA layer checks every cited sentence with it.
 */
export interface SentenceFit {
  /** Rarity-weighted share of the subject's words the sentence carries (0..1). */
  subject: number;
  /** The share the sentence carries by itself, the passage not counted. */
  inSentence: number;
  /** How well the sentence holds what is asked (0..1: 1 a number for a number question, …). */
  asked: number;
  /** False when a name of the question is neither in the sentence nor in its passage or title. */
  names: boolean;
  /** The question's names found in the sentence itself (0..1; 1 when the question names nothing). */
  namesHere: number;
}

/** Below this subject share a sentence is about something else. */
export const MIN_SUBJECT = 0.45;
/** The share of the subject a sentence must carry itself (the rest may come from its passage). */
export const MIN_OWN = 0.2;
/** Below this a sentence does not hold what is asked (a number question answered without a number). */
export const MIN_ASKED = 0.5;

/** "activates" → "activat": enough of a word to meet its other forms as a prefix. */
export function root(term: string): string {
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ies', 'ed', 'es', 'e', 's', 'y'])
    if (term.length - suffix.length >= 4 && term.endsWith(suffix)) return term.slice(0, -suffix.length);
  return term;
}

/** Whether a word of the sentence is another form of the term ("frequent" / "frequency", "bind" / "binds"). */
function sameWord(term: string, word: string): boolean {
  if (term === word) return true;
  const r = root(term);
  return r.length >= 4 && (word.startsWith(r) || (root(word).length >= 4 && term.startsWith(root(word))));
}

/** Spelled-out quantities ("fifteen participants", "a dozen", "one-quarter"). */
const SPELLED =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|quarter|third|twice|double|triple|majority|most|none)\b/i;
/** A number that is a quantity, not a reference: "[12]", "Fig. 3", "Table 2" and years in references are not. */
const REFERENCE_NUMBER =
  /\[[\d,;\s–-]*\]|\b(fig(ure)?s?|tables?|eqs?|refs?|section|supplementary)\.?\s*s?\d+/gi;
/** A year cited in the text ("(2006)", "Smith et al., 2008", "in 1991") is not what "how many" asks for. */
const YEAR = /\(?\b(1[89]|20)\d{2}[a-z]?\b\)?/g;
/** A number that starts a token ("3.9%", "n = 12", "65.1 min", "−4"), not a code's digits ("C2", "Csx23"). */
const QUANTITY = /(^|[\s(\[=<>~±≈≤≥−–-])\d/;
const LIST_MARK = /;|:\s|\b(include[sd]?|including|such as|consist(s|ed)? of|compris(e|es|ed|ing))\b/i;
const AND_OR = /\b(and|or)\b/i;
/** A list: "and"/"or" after a comma, a semicolon or colon, "including" and kin (no `,.*and`: it backtracks). */
const isList = (s: string) => {
  const comma = s.indexOf(',');
  return (comma >= 0 && AND_OR.test(s.slice(comma))) || LIST_MARK.test(s);
};
const MECHANISM =
  /\b(bind|binds|bound|activat\w*|inhibit\w*|caus\w*|lead(s|ing)? to|led to|result(s|ed)? in|through|via|by (\w+ing)|increas\w*|decreas\w*|reduc\w*|shift\w*|destabili[sz]\w*|stabili[sz]\w*|induc\w*|block\w*|promot\w*|mediat\w*|regulat\w*|trigger\w*|form\w*|locali[sz]\w*|separat\w*|disrupt\w*|open\w*|perturb\w*|improv\w*|enabl\w*|prevent\w*|suppress\w*|move\w*|occur\w*|abolish\w*|restor\w*|rais\w*|lower\w*|elevat\w*|attenuat\w*|enhanc\w*|dampen\w*|impair\w*|diminish\w*|rose|fell)\b/i;
const COMPARISON =
  /\b(than|higher|lower|more|less|greater|smaller|compared|comparison|whereas|while|versus|vs|similar|differ\w*|better|worse|outperform\w*|superior|inferior|both)\b/i;

/** Whether the sentence states a quantity (a number that is not a reference, or a spelled one). */
export function hasQuantity(sentence: string): boolean {
  const plain = sentence.replace(REFERENCE_NUMBER, ' ').replace(YEAR, ' ');
  return QUANTITY.test(plain) || SPELLED.test(plain);
}

function askedScore(focus: QuestionFocus, sentence: string, novel: number): number {
  let best = 0;
  for (const kind of focus.kinds) {
    const s =
      kind === 'number'
        ? hasQuantity(sentence)
          ? 1
          : 0.2
        : kind === 'list'
          ? isList(sentence)
            ? 1
            : 0.6
          : kind === 'mechanism'
            ? MECHANISM.test(sentence)
              ? 1
              : 0.4
            : kind === 'comparison'
              ? COMPARISON.test(sentence)
                ? 1
                : 0.5
              : novel >= 2
                ? 1
                : 0.5;
    best = Math.max(best, s);
  }
  return best;
}

/**
 * Abbreviations the question uses and long forms it spells out, paired where the passages define them
 * ("heparin induced thrombocytopenia (HIT)"): each side then stands for the other in a sentence.
 */
export function definedPairs(focus: QuestionFocus, passages: readonly string[]): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  const wanted = new Set(focus.names.map((n) => n.toLowerCase()));
  if (!wanted.size) return pairs;
  for (const text of passages)
    for (const d of definitionsOf(text)) {
      const key = d.short.toLowerCase();
      const one = key.endsWith('s') ? key.slice(0, -1) : key;
      for (const k of [key, one]) if (wanted.has(k) && !pairs.has(k)) pairs.set(k, contentTerms(d.long));
    }
  return pairs;
}

/** The definitions of a passage, found once: an ask reads its passages several times. */
function definitionsOf(text: string): AbbreviationDefinition[] {
  const known = seen.get(text);
  if (known) return known;
  const found = findAbbreviations(text);
  seen.set(text, found);
  if (seen.size > 64) seen.delete(seen.keys().next().value as string);
  return found;
}
const seen = new Map<string, AbbreviationDefinition[]>();

export interface FitContext {
  /** The words of the passage the sentence is in, and of its document's title (for the names). */
  passage: string;
  title?: string;
  /** Weight of a subject word (rarer words weigh more); 1 for every word when absent. */
  weight?: (term: string) => number;
  /** Defined abbreviation pairs (see definedPairs). */
  pairs?: Map<string, string[]>;
}

/** How a sentence fits the question (see SentenceFit). */
export function sentenceFit(focus: QuestionFocus, sentence: string, ctx: FitContext): SentenceFit {
  const have = contentTerms(sentence);
  const lower = ` ${words(sentence).join(' ')} `;
  const carried = (term: string) => have.some((w) => sameWord(term, w));
  const weight = ctx.weight ?? (() => 1);
  // A long form's words count as present when the sentence writes its abbreviation, and back.
  const viaPair = new Set<string>();
  for (const [short, long] of ctx.pairs ?? []) {
    if (lower.includes(` ${short} `) || lower.includes(` ${short}s `)) long.forEach((t) => viaPair.add(t));
    if (long.length && long.every(carried)) viaPair.add(short);
  }
  // The passage sets the scene: a subject word it holds counts half (the study's population, its
  // intervention), but the sentence itself must carry a share of the subject.
  const scene = contentTerms(`${ctx.passage} ${ctx.title ?? ''}`);
  const inScene = (t: string) => scene.some((w) => sameWord(t, w));
  let total = 0;
  let hit = 0;
  let own = 0;
  for (const t of focus.subject) {
    const w = weight(t);
    total += w;
    if (carried(t) || viaPair.has(t)) {
      hit += w;
      own += w;
    } else if (inScene(t)) hit += 0.5 * w;
  }
  const subject = total ? hit / total : 0;
  const inSentence = total ? own / total : 0;
  const novel = have.filter((w) => !focus.subject.some((t) => sameWord(t, w))).length;
  const context = ` ${words(`${ctx.passage} ${ctx.title ?? ''}`).join(' ')} `;
  let here = 0;
  let named = 0;
  for (const n of focus.names) {
    const key = ` ${words(n).join(' ')} `;
    const short = n.toLowerCase();
    const long = ctx.pairs?.get(short) ?? [];
    if (lower.includes(key) || viaPair.has(short)) here++;
    if (
      lower.includes(key) ||
      viaPair.has(short) ||
      context.includes(key) ||
      (long.length && long.every((t) => context.includes(` ${t}`)))
    )
      named++;
  }
  // Half the names at least (the one name of a question that has one) in the sentence, its passage or title.
  const names = named >= Math.ceil(focus.names.length / 2);
  return {
    subject,
    inSentence,
    asked: askedScore(focus, sentence, novel),
    names,
    namesHere: focus.names.length ? here / focus.names.length : 1,
  };
}

/** Whether a sentence carries the question's subject and what is asked about it. */
export function answers(fit: SentenceFit): boolean {
  return fit.names && fit.subject >= MIN_SUBJECT && fit.inSentence >= MIN_OWN && fit.asked >= MIN_ASKED;
}
