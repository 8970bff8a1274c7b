import type { GoldMention, PubtatorDoc } from './pubtator';

import type { PredictedDoc } from '../engine-predict';

export type { PredictedDoc };

export interface Prf {
  tp: number;
  predicted: number;
  gold: number;
  /** True positives counted on the gold side (recall's numerator), which can differ from `tp`. */
  found: number;
}

export const CHEMICAL_TYPES = new Set(['compound/drug']);
export const DISEASE_TYPES = new Set(['disease', 'phenotype']);
/** Named-entity classes BC5CDR deliberately does not annotate: an unmatched one is not a false positive. */
const OUT_OF_SCOPE = new Set(['gene', 'protein', 'organism', 'cell type', 'anatomy']);

const low = (s: string) => s.trim().toLowerCase();
const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** Every whole-word, case-insensitive occurrence of `form` in `text`. */
function occurrences(text: string, form: string): [number, number][] {
  const out: [number, number][] = [];
  const t = text.toLowerCase();
  const f = form.toLowerCase();
  if (!f) return out;
  for (let i = t.indexOf(f); i >= 0; i = t.indexOf(f, i + 1)) {
    if (!isWordChar(t[i - 1]) && !isWordChar(t[i + f.length])) out.push([i, i + f.length]);
  }
  return out;
}

/**
 * Mention-level scores for one document and one view (untyped, Chemical, Disease).
 * Recall: a gold mention is found when an entity in scope has its text as name or alias (case-insensitive).
 * Precision: the surface forms of the entities in scope are located in the text (longest first, without
 * overlap); an occurrence is correct when a gold mention of the view has exactly that span.
 */
export function scoreMentions(
  doc: PubtatorDoc,
  pred: PredictedDoc,
  view: 'untyped' | 'Chemical' | 'Disease',
): Prf {
  const gold = doc.mentions.filter((m) => view === 'untyped' || m.type === view);
  const inScope = pred.entities.filter((e) =>
    view === 'untyped' ? true : view === 'Chemical' ? CHEMICAL_TYPES.has(e.type) : DISEASE_TYPES.has(e.type),
  );
  const forms = new Set(inScope.flatMap((e) => [e.name, ...e.aliases].map(low)));
  const found = gold.filter((m) => forms.has(low(m.text))).length;

  // Untyped precision ignores unmatched entities of classes the corpus does not annotate.
  const goldText = new Set(doc.mentions.map((m) => low(m.text)));
  const scored = inScope.filter(
    (e) =>
      view !== 'untyped' ||
      !OUT_OF_SCOPE.has(e.type) ||
      [e.name, ...e.aliases].some((f) => goldText.has(low(f))),
  );
  const scoredForms = [...new Set(scored.flatMap((e) => [e.name, ...e.aliases].map(low)))].sort(
    (a, b) => b.length - a.length,
  );
  const taken: [number, number][] = [];
  for (const f of scoredForms)
    for (const [s, e] of occurrences(doc.text, f))
      if (!taken.some(([a, b]) => s < b && a < e)) taken.push([s, e]);
  const spans = new Set(gold.map((m: GoldMention) => `${m.start}:${m.end}`));
  const tp = taken.filter(([s, e]) => spans.has(`${s}:${e}`)).length;
  return { tp, predicted: taken.length, gold: gold.length, found };
}

/**
 * CID relations: a gold (chemical, disease) pair is found when an extracted relation links two entities
 * whose names or aliases match mentions of that chemical and that disease. Predicted pairs are the distinct
 * concept pairs of relations between a chemical and a disease (by gold match, else by type); `typedOnly`
 * leaves out relations whose only keyword is "co-occurs with".
 */
export function scoreRelations(doc: PubtatorDoc, pred: PredictedDoc, typedOnly: boolean): Prf {
  const idsOf = (name: string, type: 'Chemical' | 'Disease') => {
    const forms = new Set(
      [name, ...(pred.entities.find((e) => low(e.name) === low(name))?.aliases ?? [])].map(low),
    );
    return new Set(
      doc.mentions.filter((m) => m.type === type && forms.has(low(m.text))).flatMap((m) => m.ids),
    );
  };
  const typeOf = (name: string) => pred.entities.find((e) => low(e.name) === low(name))?.type ?? '';
  const goldPairs = new Set(doc.cid.map((c) => `${c.chemical}>${c.disease}`));
  const predicted = new Set<string>();
  const hits = new Set<string>();
  for (const r of pred.relations) {
    if (typedOnly && r.keywords.every((k) => k === 'co-occurs with')) continue;
    for (const [a, b] of [
      [r.source, r.target],
      [r.target, r.source],
    ] as const) {
      const chems = idsOf(a, 'Chemical');
      const dis = idsOf(b, 'Disease');
      const isPair =
        (chems.size || CHEMICAL_TYPES.has(typeOf(a))) && (dis.size || DISEASE_TYPES.has(typeOf(b)));
      if (!isPair) continue;
      const cs = chems.size ? [...chems] : [`?${low(a)}`];
      const ds = dis.size ? [...dis] : [`?${low(b)}`];
      // One prediction per relation end pair: it is right when any of its concept readings is a gold pair.
      const right = cs.flatMap((c) => ds.map((d) => `${c}>${d}`)).filter((p) => goldPairs.has(p));
      if (right.length)
        for (const p of right) {
          hits.add(p);
          predicted.add(p);
        }
      else predicted.add(`${cs[0]}>${ds[0]}`);
    }
  }
  return { tp: hits.size, predicted: predicted.size, gold: goldPairs.size, found: hits.size };
}

export function add(a: Prf, b: Prf): Prf {
  return {
    tp: a.tp + b.tp,
    predicted: a.predicted + b.predicted,
    gold: a.gold + b.gold,
    found: a.found + b.found,
  };
}

export const ZERO: Prf = { tp: 0, predicted: 0, gold: 0, found: 0 };

export function prf(s: Prf): { p: number; r: number; f1: number } {
  const p = s.predicted ? s.tp / s.predicted : 0;
  const r = s.gold ? s.found / s.gold : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
}
