/**
 * The sign of a relationship, read from its keywords: whether the source raises the target ("increases",
 * "activates", "induces", "causes"), lowers it ("decreases", "inhibits", "treats", "prevents"), or neither
 * ("binds", "associated with", "co-occurs with"); whether the text denied it ("does not increase") or hedged
 * it ("hedged": "may increase", "appears to reduce"). The built-in engine writes keywords in this vocabulary
 * and a model writes its own words; both are read here, so contradictions and the explorer see one sign.
 */

export type Sign = 1 | -1 | 0;

export interface RelationSign {
  sign: Sign;
  /** The text says the relation does not hold ("did not increase", "no effect on"). */
  negated: boolean;
  /** The text states it with a hedge ("may", "might", "suggest", "appears to"). */
  hedged: boolean;
}

/** Stems that say the source raises, brings about or switches on the target. */
const POSITIVE = [
  'increas',
  'enhanc',
  'activat',
  'induc',
  'upregulat',
  'up-regulat',
  'stimulat',
  'promot',
  'caus',
  'elevat',
  'potentiat',
  'augment',
  'positive',
  'rais',
  'accelerat',
  'amplif',
  'trigger',
  'provok',
];
/** Stems that say the source lowers, blocks or relieves the target (a drug that treats a disease lowers it). */
const NEGATIVE = [
  'decreas',
  'reduc',
  'inhibit',
  'suppress',
  'downregulat',
  'down-regulat',
  'block',
  'attenuat',
  'lower',
  'diminish',
  'abolish',
  'prevent',
  'treat',
  'allevia',
  'amelior',
  'protect',
  'antagon',
  'negative',
  'impair',
  'repress',
  'deplet',
  'slow',
];

/** A negated keyword: "does not increase", "not associated with", "no effect on". */
const NEGATION =
  /^(?:not|no|never|does not|do not|did not|doesn't|don't|didn't|fails? to|failed to|without)\b/;
export const HEDGED = 'hedged';
export const CO_OCCURS = 'co-occurs with';

function signOfWord(word: string): Sign {
  const w = word.toLowerCase().trim();
  if (POSITIVE.some((s) => w.startsWith(s))) return 1;
  if (NEGATIVE.some((s) => w.startsWith(s))) return -1;
  return 0;
}

/** The sign of one relationship from its keywords; the first keyword with a sign decides. */
export function relationSign(keywords: readonly string[]): RelationSign {
  let sign: Sign = 0;
  let negated = false;
  let hedged = false;
  for (const k of keywords) {
    const low = k.toLowerCase().trim();
    if (low === HEDGED) {
      hedged = true;
      continue;
    }
    const neg = NEGATION.exec(low);
    const rest = neg ? low.slice(neg[0].length).trim() : low;
    // "not associated with" denies without a sign; "does not increase" denies an increase.
    const s = rest.split(/\s+/).reduce<Sign>((acc, w) => acc || signOfWord(w), 0);
    if (neg && !negated) negated = true;
    if (s && !sign) sign = s;
  }
  return { sign, negated, hedged };
}

/** A claim in plain words ("increases", "does not decrease"), or null for one without a sign. */
export function claimOf(s: RelationSign): string | null {
  if (!s.sign) return null;
  const verb = s.sign > 0 ? 'increase' : 'decrease';
  return s.negated ? `does not ${verb}` : `${verb}s`;
}

/**
 * Whether two claims about the same ordered pair disagree: opposite signs ("increases" / "decreases"), or
 * one stating what the other denies ("increases" / "does not increase"). Two denials never disagree.
 */
export function disagree(a: RelationSign, b: RelationSign): boolean {
  if (!a.sign || !b.sign || (a.negated && b.negated)) return false;
  if (a.negated !== b.negated) return a.sign === b.sign;
  return a.sign !== b.sign;
}

/** The keyword a relation of this sign and verb is stored with: "does not increase" for a denied "increases". */
export function negatedKeyword(keyword: string): string {
  const base = NEGATED_FORMS[keyword];
  return base ? `does not ${base}` : `not ${keyword}`;
}

const NEGATED_FORMS: Record<string, string> = {
  increases: 'increase',
  decreases: 'decrease',
  inhibits: 'inhibit',
  activates: 'activate',
  induces: 'induce',
  causes: 'cause',
  treats: 'treat',
  prevents: 'prevent',
  binds: 'bind',
};
