import type { Extraction } from '../schemas';
import type { Sentence } from './nlp/words';
import { truncate } from './text';
import { at } from '../../at';
import { HEDGED, negatedKeyword } from '../../nlp/relation-sign';

/** An entity mention placed in its sentence: the entity's name, its type and where it is. */
export interface Placed {
  name: string;
  type: string;
  start: number;
  end: number;
}

type Rel = Extraction['relationships'][number];

/** Trigger word stems → relationship keyword. Checked with `startsWith` on lower-cased words. */
const TRIGGERS: [string[], string][] = [
  [['inhibit', 'block', 'antagoniz', 'antagonis'], 'inhibits'],
  [['activat', 'stimulat'], 'activates'],
  [['induc', 'provok', 'elicit', 'evok', 'precipitat', 'trigger'], 'induces'],
  [['caus', 'produc', 'result in', 'lead to', 'led to', 'leads to'], 'causes'],
  [['treat', 'allevia', 'amelior', 'reliev', 'cure', 'cured', 'prevent', 'protect', 'revers'], 'treats'],
  [['bind', 'bound'], 'binds'],
  [['increas', 'elevat', 'enhanc', 'potentiat', 'upregulat', 'up-regulat', 'augment', 'rais'], 'increases'],
  [
    [
      'decreas',
      'reduc',
      'lower',
      'attenuat',
      'diminish',
      'downregulat',
      'down-regulat',
      'suppress',
      'abolish',
    ],
    'decreases',
  ],
  [['associat', 'correlat', 'linked', 'relat', 'develop'], 'associated with'],
];
/** Words that deny the verb after them: "did not increase", "failed to reduce", "cannot inhibit". */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  "n't",
  'cannot',
  'neither',
  'nor',
  'failed',
  'fail',
  'fails',
  'without',
]);
/** Words that hedge a claim: "may increase", "these data suggest that X reduces Y". */
const HEDGES = new Set(
  'may might could possibly perhaps likely unlikely suggest suggests suggested suggesting appear appears appeared seem seems seemed potentially putative presumably hypothesize hypothesized'.split(
    ' ',
  ),
);

/** Words that attach a consequence to the chemical before it: "Y after X", "Y following X", "Y due to X". */
const AFTER = new Set(['after', 'following', 'during', 'upon', 'from', 'receiving', 'given', 'taking', 'on']);
const DUE = [
  'due to',
  'secondary to',
  'caused by',
  'induced by',
  'produced by',
  'associated with',
  'attributed to',
];
const CHEMICAL = 'compound/drug';
const DISEASES = new Set(['disease', 'phenotype']);

/** "causes", "inhibits": a verb even where the tagger read a plural noun. */
function thirdPerson(word: string): boolean {
  return /^(caus|induc|inhibit|increas|decreas|reduc|activat|treat|bind|block|produc|prevent|elevat|lower|enhanc|suppress|attenuat)[a-z]*s$/.test(
    word,
  );
}

function keywordOf(word: string): string | null {
  for (const [stems, k] of TRIGGERS) if (stems.some((s) => word.startsWith(s))) return k;
  return null;
}

/**
 * The relation a sentence states between two of its mentions, from the words between them: a verb or a
 * chemical-induced-disease pattern gives the keyword and the direction ("Y induced by X" runs X → Y).
 * Null when nothing but co-occurrence holds.
 */
function relationBetween(
  s: Sentence,
  text: string,
  a: Placed,
  b: Placed,
): { src: Placed; dst: Placed; k: string; at?: number } | null {
  // "X-induced Y": the cause suffix glued to a's word, with b right after it.
  const glued = text.slice(a.end, b.start).toLowerCase();
  const gluedMatch = /^-(induced|associated|related|evoked|mediated)\s+(?:\S+\s+){0,3}$/.exec(glued);
  if (gluedMatch)
    return {
      src: a,
      dst: b,
      k: gluedMatch[1] === 'induced' || gluedMatch[1] === 'evoked' ? 'induces' : 'associated with',
    };
  const between = s.words.filter((w) => w.start >= a.end && w.end <= b.start);
  if (between.length > 20) return null;
  const phrase = between.map((w) => w.lower).join(' ');
  if (/^(,\s*)?(is|are|was|were) (a|an|one of the) /.test(phrase) || /^, (a|an) /.test(phrase))
    if (between.length <= 6) return { src: a, dst: b, k: 'is a' };
  const passive = / by$| by (the|a|an)$/.test(phrase) || / with$/.test(phrase);
  for (const due of DUE) {
    if (phrase.endsWith(due) || phrase.includes(`${due} `)) {
      const k = due.startsWith('associated')
        ? 'associated with'
        : due.startsWith('produced')
          ? 'causes'
          : 'induces';
      return { src: b, dst: a, k };
    }
  }
  if (
    a.type !== CHEMICAL &&
    b.type === CHEMICAL &&
    between.length <= 6 &&
    between.some((w) => AFTER.has(w.lower))
  )
    return { src: b, dst: a, k: 'induces' };
  for (const w of between) {
    const k = keywordOf(w.lower);
    // A verb (or participle) states the relation; "lower extremity" or "increased age" do not.
    if (!k || !(w.pos === 'VERB' || thirdPerson(w.lower) || (w.pos === 'ADJ' && k === 'associated with')))
      continue;
    // "Y treated with X", "Y was induced by X": the later mention acts on the earlier one.
    const i = s.words.indexOf(w);
    return passive || (w.lower.endsWith('ed') && between.at(-1)?.lower === 'by')
      ? { src: b, dst: a, k, at: i }
      : { src: a, dst: b, k, at: i };
  }
  return null;
}

/**
 * The keywords of a relation read at word `at` of the sentence: the verb's keyword, denied when one of the
 * three words before it negates it ("did not increase" → "does not increase"), and "hedged" when the
 * sentence up to the verb hedges ("may", "suggest").
 */
function qualified(s: Sentence, k: string, at?: number): string[] {
  if (at === undefined || at < 0) return [k];
  const before = s.words.slice(Math.max(0, at - 3), at).map((w) => w.lower);
  const negated = before.some((w) => NEGATORS.has(w) || w.endsWith("n't"));
  const hedged = s.words.slice(0, at).some((w) => HEDGES.has(w.lower));
  const out = [negated ? negatedKeyword(k) : k];
  if (hedged) out.push(HEDGED);
  return out;
}

/**
 * Relationships of one sentence: typed ones where the words between two mentions say what holds, and
 * "co-occurs with" for nearby pairs only when nothing else links them; typed ones come first.
 */
export function sentenceRelations(s: Sentence, text: string, placed: Placed[]): Rel[] {
  const typed: Rel[] = [];
  const loose: Rel[] = [];
  const description = truncate(s.text, 1900);
  const ends = placed.slice(0, 8);
  for (let i = 0; i < ends.length; i++) {
    for (let j = i + 1; j < ends.length; j++) {
      const a = at(ends, i);
      const b = at(ends, j);
      if (a.name === b.name) continue;
      const r = relationBetween(s, text, a, b);
      if (r) {
        typed.push({
          source_entity: r.src.name,
          target_entity: r.dst.name,
          relationship_keywords: qualified(s, r.k, r.at),
          relationship_description: description,
        });
      } else if (j - i <= 2 && !(DISEASES.has(a.type) && DISEASES.has(b.type))) {
        loose.push({
          source_entity: a.name,
          target_entity: b.name,
          relationship_keywords: ['co-occurs with'],
          relationship_description: description,
        });
      }
    }
  }
  return [...typed, ...loose];
}
