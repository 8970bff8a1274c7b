import type { Extraction } from '../schemas';
import type { Sentence } from './nlp/words';
import { truncate } from './text';
import { at } from '../../at';
import { CO_OCCURS, HEDGED, negatedKeyword } from '../../nlp/relation-sign';

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
  [['bind', 'bound', 'interact'], 'binds'],
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
  // "regulates", "mediates", "modulates" say that one acts on the other, not which way.
  [['associat', 'correlat', 'linked', 'relat', 'develop', 'regulat', 'modulat', 'mediat'], 'associated with'],
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

/** "causes", "inhibits": a verb even where the tagger read a plural noun. */
function thirdPerson(word: string): boolean {
  return /^(caus|induc|inhibit|increas|decreas|reduc|activat|treat|bind|block|produc|prevent|elevat|lower|enhanc|suppress|attenuat|interact|regulat|mediat|modulat)[a-z]*s$/.test(
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
  placed: readonly Placed[],
): { src: Placed; dst: Placed; k: string; at?: number } | null {
  // "X-induced Y": the cause suffix glued to a's word, with b right after it.
  const glued = text.slice(a.end, b.start).toLowerCase();
  const gluedMatch =
    /^-(induced|associated|related|evoked|mediated|dependent|driven|resistant)\s+(?:\S+\s+){0,3}$/.exec(
      glued,
    );
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
  const byAgent = / by$| by (the|a|an)$/.test(phrase);
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
  // "association between X and Y", "correlation of X with Y": the noun before the pair names the relation.
  const first = s.words.findIndex((w) => w.start >= a.start);
  const lead = s.words.slice(Math.max(0, first - 4), first).map((w) => w.lower);
  if (
    (lead.includes('between') && /^(and|,)$/.test(phrase)) ||
    (lead.some((w) => PAIR_NOUNS.has(w)) && /^(with|and|to)$/.test(phrase))
  )
    return { src: a, dst: b, k: 'associated with', at: first - 1 };
  const located = locatedIn(a, b, between);
  if (located) return located;
  for (const w of between) {
    const k = keywordOf(w.lower) ?? NOUN_TRIGGERS.get(w.lower) ?? null;
    // A verb (or participle) states the relation; "lower extremity" or "increased age" do not; a few nouns do
    // ("inhibition of", "risk of", "mutations in").
    // The word right after the subject with a verb's ending is its verb, whatever the tagger says: it reads
    // "Metformin inhibited the phosphorylation of AMPK" with "inhibited" a noun.
    const verb =
      w.pos === 'VERB' ||
      thirdPerson(w.lower) ||
      (w.pos === 'ADJ' && k === 'associated with') ||
      (w === between[0] && /(ed|s)$/.test(w.lower));
    // A noun states a relation only between mentions close to it ("inhibition of X by Y", "X treatment of Y").
    if (!k || !(verb || (NOUN_TRIGGERS.has(w.lower) && between.length <= 4))) continue;
    // The object is the first mention after the trigger, or one coordinated with it ("X activates Y in the
    // liver" does not activate the liver); the subject is the last one before it ("human A3AR bound to").
    if (!onlyCoordinated(s, placed, w.end, b) || !onlyCoordinatedBefore(s, placed, a, w.start)) return null;
    // "suppressing cancer cell proliferation": "cancer" only modifies the object, unless the noun after it
    // is its amount or activity ("increases AMPK phosphorylation").
    const after = s.words.find((x) => x.start >= b.end);
    if (after && after.pos === 'NOUN' && !AMOUNT_NOUNS.has(after.lower) && after.start - b.end <= 1)
      return null;
    // "Y treated with X", "Y was induced by X": the later mention acts on the earlier one.
    const i = s.words.indexOf(w);
    // "Y treated with X" is passive; "X interacts with Y" is not.
    const passive = byAgent || (/ with$/.test(phrase) && k !== 'binds');
    return passive || (w.lower.endsWith('ed') && between.at(-1)?.lower === 'by')
      ? { src: b, dst: a, k, at: i }
      : { src: a, dst: b, k, at: i };
  }
  return null;
}

/** Types whose entities a disease is found with: a gene, its product, a variant of it, a drug taken. */
const AGENTS = new Set(['gene', 'protein', 'sequence variant', CHEMICAL]);
const CONDITIONS = new Set(['disease', 'phenotype']);
/** Who a study finds a gene or variant in: "mutations in patients with Y", "found in families with Y". */
const PARTICIPANTS = new Set(
  'patient patients subject subjects individual individuals case cases carrier carriers famil family families child children women men people person persons proband probands kindred kindreds cohort cohorts'.split(
    ' ',
  ),
);

/**
 * "X in Y", "X overexpression in Y", "X mutations in patients with Y", "Y patients with X": a gene, variant or
 * drug placed in a disease by a preposition alone, with at most a noun or two of what was found (expression,
 * mutations) between them, states that the two go together, nothing about direction or sign.
 */
function locatedIn(
  a: Placed,
  b: Placed,
  between: readonly { lower: string; pos: string }[],
): { src: Placed; dst: Placed; k: string } | null {
  if (between.length === 0 || between.length > 5) return null;
  const [agent, condition] = AGENTS.has(a.type) && CONDITIONS.has(b.type) ? [a, b] : [b, a];
  if (!AGENTS.has(agent.type) || !CONDITIONS.has(condition.type)) return null;
  const words = between.map((w) => w.lower);
  // Only nouns, adjectives, determiners and the prepositions of the pattern: a verb states its own relation.
  if (between.some((w) => w.pos === 'VERB' || w.pos === 'AUX' || w.pos === 'PUNCT')) return null;
  const prep = words.findIndex((w) => w === 'in' || w === 'among' || w === 'with');
  if (prep < 0) return null;
  const rest = words.slice(prep + 1);
  const fits =
    rest.length === 0 ||
    (rest.length <= 2 &&
      rest.some((w) => PARTICIPANTS.has(w)) &&
      (rest.at(-1) === 'with' || rest.length === 1));
  if (!fits || words.slice(0, prep).some((w) => w === 'and' || w === 'or' || w === 'than')) return null;
  // "Y patients with X", "Y in X": the disease first only with "with" (patients with a disease take the drug).
  if (condition === a && words[prep] !== 'with') return null;
  return { src: agent, dst: condition, k: 'associated with' };
}

/** Nouns that state a relation between the mentions around them. */
const NOUN_TRIGGERS = new Map<string, string>([
  ['association', 'associated with'],
  ['associations', 'associated with'],
  ['correlation', 'associated with'],
  ['risk', 'associated with'],
  ['mutation', 'associated with'],
  ['mutations', 'associated with'],
  ['inhibition', 'inhibits'],
  ['inhibitor', 'inhibits'],
  ['inhibitors', 'inhibits'],
  ['blockade', 'inhibits'],
  ['activation', 'activates'],
  ['induction', 'induces'],
  ['treatment', 'treats'],
  ['therapy', 'treats'],
]);
/** Nouns after a mention that stand for its amount or activity: a relation to them is a relation to it. */
const AMOUNT_NOUNS = new Set(
  (
    'level levels expression activity activities concentration concentrations production release secretion ' +
    'phosphorylation signaling signalling synthesis uptake content mrna function activation gene protein'
  ).split(' '),
);

/** Nouns before a pair that name their relation: "the association of X with Y". */
const PAIR_NOUNS = new Set([
  'association',
  'associations',
  'correlation',
  'relationship',
  'link',
  'interaction',
]);

/**
 * Mentions that set the scene of a claim rather than take part in it: "in the liver", "in mice", "the
 * expression of", "by Western blot". Between a verb and its subject or object they hide neither.
 */
const SETTING_TYPES = new Set([
  'concept',
  'anatomy',
  'organism',
  'cell type',
  'method',
  'biological process',
]);
const setting = (p: Placed) => SETTING_TYPES.has(p.type);

/** Whether `a` is the last mention before offset `to`, or only coordinated ones ("X and Y inhibit") follow it. */
function onlyCoordinatedBefore(s: Sentence, placed: readonly Placed[], a: Placed, to: number): boolean {
  const after = placed.filter((p) => p.start >= a.end && p.end <= to && p.name !== a.name && !setting(p));
  if (!after.length) return true;
  const gap = s.words.filter(
    (w) => w.start >= a.end && w.end <= after.reduce((x, y) => (y.start < x.start ? y : x)).start,
  );
  return gap.length > 0 && gap.every((w) => w.lower === ',' || w.lower === 'and' || w.lower === 'or');
}

/** Whether `b` is the first mention after offset `from` or only coordinated ones ("Y, Z and W") stand before it. */
function onlyCoordinated(s: Sentence, placed: readonly Placed[], from: number, b: Placed): boolean {
  const before = placed.filter(
    (p) => p.start >= from && p.end <= b.start && p.name !== b.name && !setting(p),
  );
  if (!before.length) return true;
  const last = before.reduce((x, y) => (y.end > x.end ? y : x));
  const gap = s.words.filter((w) => w.start >= last.end && w.end <= b.start).map((w) => w.lower);
  return gap.length > 0 && gap.every((w) => w === ',' || w === 'and' || w === 'or');
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
  const ends = placed.slice(0, MAX_MENTIONS);
  const linked = new Set<string>();
  for (let i = 0; i < ends.length; i++) {
    for (let j = i + 1; j < ends.length; j++) {
      const a = at(ends, i);
      const b = at(ends, j);
      const pair = [a.name, b.name].sort().join('\u0000');
      if (a.name === b.name || linked.has(pair)) continue;
      const r = relationBetween(s, text, a, b, ends);
      if (r) {
        linked.add(pair);
        typed.push({
          source_entity: r.src.name,
          target_entity: r.dst.name,
          relationship_keywords: qualified(s, r.k, r.at),
          relationship_description: description,
        });
      }
    }
  }
  // Co-occurrence: every other pair of the sentence, labelled as such; it stays out of evidence paths unless
  // a search asks for it, and the library weighs it by how often the two are named together.
  for (let i = 0; i < ends.length; i++)
    for (let j = i + 1; j < ends.length; j++) {
      const a = at(ends, i);
      const b = at(ends, j);
      const pair = [a.name, b.name].sort().join('\u0000');
      if (a.name === b.name || linked.has(pair)) continue;
      linked.add(pair);
      loose.push({
        source_entity: a.name,
        target_entity: b.name,
        relationship_keywords: [CO_OCCURS],
        relationship_description: description,
      });
    }
  return [...typed, ...loose];
}

/**
 * Mentions of one sentence that relations are read between: enough for a long sentence's list of names. At
 * 12, BioRED's 300 tuning abstracts lost 30 gold pairs named together in one sentence (30 gives no more).
 */
const MAX_MENTIONS = 20;
