import { analyse } from './nlp/words';
import { contentTerms, stem } from './text';

/**
 * What a question asks for. A question can ask two things ("What complications …, and how frequent were
 * bleeding and HIT?": a list and a number); `kinds` holds each, the first is the main one.
 */
export type AskedKind =
  'number' | 'list' | 'comparison' | 'mechanism' | 'yesno' | 'cross' | 'themes' | 'fact';

export interface QuestionFocus {
  kinds: AskedKind[];
  /** Stemmed content words naming what the question is about (frame and asked-for words left out). */
  subject: string[];
  /** Stemmed head noun(s) of what is asked for ("complication", "drug", "temperature"), if any. */
  asked: string[];
  /**
   * Names the question uses (capitalised or coded words: "Csx23", "StopAdvisor", "Japan", "E. coli"), as
   * written: an answer must be about them, not about something near them.
   */
  names: string[];
  /** The subject's words as the question writes them, in order ("heparin-based", "DVT", "bleeding"). */
  about: string[];
}

const THEMES =
  /\b(summar(y|ise|ize)|themes?|main topics?|overview|what is (this|my|the) (library|collection|corpus) about)\b/i;
const CROSS =
  /\bacross (the|all|these|my) (papers|documents|articles|studies|library)\b|\bin (the|my|this) (library|collection)\b|\bwhich (papers|documents|articles|studies)\b/i;
const YESNO = /^(is|are|was|were|does|do|did|can|could|has|have|had|will|would|should)\b/i;
const COMPARISON =
  /\b(compare[ds]?|comparison|compared|versus|vs|differ|differs|differed|difference|than|higher|lower|better|worse|more effective|less effective)\b/i;
const NUMBER =
  /\bhow (many|much|often|frequent|frequently|long|large|high|low|far|old|big|small|fast|quickly)\b|\bby how\b|\bat what\b|\bwhat (was|were|is|are) the (mean|median|average)\b/i;
const MECHANISM_WORDS = /^how (does|do|did|is|are|can|could)\b|\bmechanism|\bwhy\b|\brole of\b/i;
/** Whether `then` matches somewhere after the first match of `first` (a `first.*then` that cannot backtrack). */
function after(q: string, first: RegExp, then: RegExp): boolean {
  const m = first.exec(q);
  return !!m && then.test(q.slice(m.index + m[0].length));
}
/** "How does …", "why", "the role of", "what does X do", "how … work / act / cause / lead". */
const isMechanism = (q: string) =>
  MECHANISM_WORDS.test(q) ||
  after(q, /\bwhat (does|do|did)\b/i, /\bdo\b/i) ||
  after(q, /\bhow /i, / (work|act|cause|lead)/i);
/** Head nouns that ask for a quantity: "What share of …", "What temperature …", "the mortality ratios". */
const MEASURES = new Set(
  (
    'number percentage proportion share fraction rate ratio value temperature dose concentration resolution ' +
    'size efficiency range level amount frequency prevalence incidence time duration mean median average count ' +
    'total length weight mass speed age risk odds yield accuracy error score'
  ).split(' '),
);
/** Words that frame a question rather than name what it is about. */
const FRAME = new Set(
  (
    'far happen happens happened kind type way mean means explain describe tell known know give list main ' +
    'according study paper papers article report reported discussed discuss frequent often much many ' +
    'probably likely key use across library theme themes summarise summarize overview'
  ).split(' '),
);
const WH = new Set(['what', 'which', 'who', 'whom', 'where', 'when', 'how']);
const STOP_HEAD = new Set(['ADP', 'AUX', 'VERB', 'PART', 'PRON', 'SCONJ', 'CCONJ', 'PUNCT']);

/** Reads what a question asks for, what it is about and the names it uses. */
export function questionFocus(question: string): QuestionFocus {
  const q = question.trim();
  const words = analyse(q).flatMap((s) => s.words);
  // The head of what is asked: the last noun of the phrase right after "what/which/how many".
  const asked: string[] = [];
  const wh = words.findIndex((w) => WH.has(w.lower));
  let plural = false;
  const howMany = words[wh]?.lower === 'how' && ['many', 'much'].includes(words[wh + 1]?.lower ?? '');
  if (wh >= 0 && (howMany || ['what', 'which'].includes(words[wh]?.lower ?? ''))) {
    let i = wh + (howMany ? 2 : 1);
    // "What was the calculated rate of …": the phrase after the verb and its article.
    if (words[i]?.pos === 'AUX' && words[i + 1]?.pos === 'DET') i += 2;
    let head = '';
    for (; i < words.length; i++) {
      const w = words[i];
      // A participle inside the phrase ("the highest reported prevalence") modifies the noun after it; so
      // does a word the tagger reads as a verb before a noun ("all-cause", "FRET").
      const next = words[i + 1]?.pos ?? '';
      const modifier = w?.pos === 'VERB' && ['NOUN', 'ADJ', 'PROPN'].includes(next);
      if (!w || (STOP_HEAD.has(w.pos) && !modifier) || w.lower === 'of') break;
      if (w.pos === 'NOUN' || w.pos === 'PROPN') head = w.lower;
      else if (w.pos !== 'ADJ' && w.pos !== 'DET' && w.pos !== 'NUM') break;
    }
    if (head) {
      asked.push(stem(head));
      plural = stem(head) !== head;
    }
  }
  const kinds: AskedKind[] = [];
  const add = (k: AskedKind) => kinds.includes(k) || kinds.push(k);
  if (CROSS.test(q)) add('cross');
  const measure = asked.some((a) => MEASURES.has(a));
  if (COMPARISON.test(q) && (/\bor\b/i.test(q) || !YESNO.test(q))) add('comparison');
  if (NUMBER.test(q) || measure) add('number');
  if (isMechanism(q)) add('mechanism');
  if (YESNO.test(q)) add('yesno');
  // A plural head after which/what asks for several things: "Which drugs …", "What complications …".
  if (wh >= 0 && ['what', 'which'].includes(words[wh]?.lower ?? '') && plural && !measure && asked.length)
    add('list');
  if (!kinds.length) add('fact');

  const names = [
    ...new Set(
      words
        .filter(
          (w) =>
            (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2 &&
            /\p{L}/u.test(w.text) &&
            (/\d/.test(w.text) || /\p{Lu}/u.test(w.text.slice(1)) || (!w.first && /^\p{Lu}/u.test(w.text))),
        )
        .map((w) => w.text),
    ),
  ];
  const askedSet = new Set(asked);
  const subject = [...new Set(contentTerms(q))].filter((t) => !FRAME.has(t) && !askedSet.has(t));
  // "Summarise the main themes of my library" asks about the whole library; "summarise what is known about
  // IL-6" has a subject of its own and is answered from the passages about it.
  if (THEMES.test(q) && !subject.length) kinds.splice(0, kinds.length, 'themes');
  const subjectSet = new Set(subject);
  const about = [
    ...new Set(
      words
        .filter((w) => contentTerms(w.text).some((t) => subjectSet.has(t)))
        .map((w) => (/\p{Lu}/u.test(w.text.slice(1)) ? w.text : w.lower)),
    ),
  ];
  return { kinds, subject, asked, names, about };
}
