import { relationSign } from '../../../src-main/core/nlp/relation-sign';
import type { PredictedDoc } from '../engine-predict';
import type { BioredClass, BioredDoc } from './pubtator';

/** Ariadne's entity types that stand for each BioRED class. */
export const TYPES_OF: Record<BioredClass, readonly string[]> = {
  GeneOrGeneProduct: ['gene', 'protein'],
  DiseaseOrPhenotypicFeature: ['disease', 'phenotype'],
  ChemicalEntity: ['compound/drug'],
  OrganismTaxon: ['organism', 'species'],
  SequenceVariant: ['sequence variant'],
  CellLine: ['cell line'],
};
const CLASS_OF = new Map<string, BioredClass>(
  Object.entries(TYPES_OF).flatMap(([c, types]) => types.map((t) => [t, c as BioredClass] as const)),
);

export interface Counts {
  /** Typed: predicted occurrences, correct ones, gold mentions found with the right type, gold total. */
  predicted: number;
  tp: number;
  found: number;
  gold: number;
  /** Gold mentions found under any type. */
  foundUntyped: number;
  perClass: Map<BioredClass, { gold: number; found: number; foundTyped: number }>;
  /** Gold relation pairs; linked by any edge; by a typed edge; typed edge whose sign agrees with the class. */
  pairs: number;
  linked: number;
  linkedTyped: number;
  signed: number;
  signAgrees: number;
}

export const emptyCounts = (): Counts => ({
  predicted: 0,
  tp: 0,
  found: 0,
  gold: 0,
  foundUntyped: 0,
  perClass: new Map(),
  pairs: 0,
  linked: 0,
  linkedTyped: 0,
  signed: 0,
  signAgrees: 0,
});

const low = (s: string) => s.trim().toLowerCase();
const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

function occurrences(text: string, form: string): [number, number][] {
  const out: [number, number][] = [];
  const t = text.toLowerCase();
  if (!form) return out;
  for (let i = t.indexOf(form); i >= 0; i = t.indexOf(form, i + 1))
    if (!isWordChar(t[i - 1]) && !isWordChar(t[i + form.length])) out.push([i, i + form.length]);
  return out;
}

/**
 * Scores one document into `c`.
 * - Typed precision: the surface forms (name, aliases) of entities whose type stands for a BioRED class are
 *   located in the text (longest first, no overlap); an occurrence is right when a gold mention of that class
 *   has exactly its span. Entities of other types (`concept`, `method` …) are not scored: BioRED does not
 *   annotate them.
 * - Typed recall: a gold mention is found when an entity of its class has its text as name or alias;
 *   untyped recall: when any entity has.
 * - Relations: a gold pair of concepts is linked when a relation joins two entities whose forms match
 *   mentions of the two concepts (either direction); typed when its keywords are more than "co-occurs with";
 *   for Positive_/Negative_Correlation the sign of a typed link is compared with the class.
 */
export function scoreDoc(doc: BioredDoc, pred: PredictedDoc, c: Counts): void {
  const formsOf = (e: PredictedDoc['entities'][number]) => [e.name, ...e.aliases].map(low);
  const typedForms = new Map<BioredClass, Set<string>>();
  const allForms = new Set<string>();
  for (const e of pred.entities) {
    for (const f of formsOf(e)) allForms.add(f);
    const cls = CLASS_OF.get(e.type);
    if (!cls) continue;
    const set = typedForms.get(cls) ?? new Set<string>();
    for (const f of formsOf(e)) set.add(f);
    typedForms.set(cls, set);
  }
  for (const m of doc.mentions) {
    const pc = c.perClass.get(m.type) ?? { gold: 0, found: 0, foundTyped: 0 };
    pc.gold++;
    c.gold++;
    if (allForms.has(low(m.text))) {
      pc.found++;
      c.foundUntyped++;
    }
    if (typedForms.get(m.type)?.has(low(m.text))) {
      pc.foundTyped++;
      c.found++;
    }
    c.perClass.set(m.type, pc);
  }
  const located = [...typedForms].flatMap(([cls, forms]) => [...forms].map((f) => ({ cls, f })));
  located.sort((a, b) => b.f.length - a.f.length);
  const taken: { s: number; e: number; cls: BioredClass }[] = [];
  for (const { cls, f } of located)
    for (const [s, e] of occurrences(doc.text, f))
      if (!taken.some((t) => s < t.e && t.s < e)) taken.push({ s, e, cls });
  const gold = new Map(doc.mentions.map((m) => [`${m.start}:${m.end}`, m.type]));
  c.predicted += taken.length;
  c.tp += taken.filter((t) => gold.get(`${t.s}:${t.e}`) === t.cls).length;

  // Concept ids each predicted entity stands for, through the gold mentions its forms match.
  const idsByForm = new Map<string, Set<string>>();
  for (const m of doc.mentions) {
    const set = idsByForm.get(low(m.text)) ?? new Set<string>();
    for (const id of m.ids) set.add(id);
    idsByForm.set(low(m.text), set);
  }
  const entityIds = new Map<string, Set<string>>();
  for (const e of pred.entities) {
    const ids = new Set<string>();
    for (const f of formsOf(e)) for (const id of idsByForm.get(f) ?? []) ids.add(id);
    entityIds.set(low(e.name), ids);
  }
  const idsOfName = (n: string) => entityIds.get(low(n)) ?? idsByForm.get(low(n)) ?? new Set<string>();
  const seen = new Set<string>();
  for (const r of doc.relations) {
    const key = [r.a, r.b].sort().join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    c.pairs++;
    let any = false;
    let typed = false;
    let signOk: boolean | null = null;
    for (const p of pred.relations) {
      const s = idsOfName(p.source);
      const t = idsOfName(p.target);
      if (!((s.has(r.a) && t.has(r.b)) || (s.has(r.b) && t.has(r.a)))) continue;
      any = true;
      if (p.keywords.every((k) => k === 'co-occurs with')) continue;
      typed = true;
      const want = r.type === 'Positive_Correlation' ? 1 : r.type === 'Negative_Correlation' ? -1 : 0;
      const sg = relationSign(p.keywords);
      if (want && sg.sign && !sg.negated) signOk = signOk === true || sg.sign === want;
    }
    if (any) c.linked++;
    if (typed) c.linkedTyped++;
    if (signOk !== null) {
      c.signed++;
      if (signOk) c.signAgrees++;
    }
  }
}
