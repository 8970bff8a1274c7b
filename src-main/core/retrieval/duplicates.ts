import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import type { DuplicateGroup, DuplicateKind } from '../../contract/duplicates';
import type { EntitySummary } from '../../contract/graph';
import type { Library } from '../library';
import { abbreviates, definesPair, looksLikeAbbreviation } from '../nlp/abbreviations';

/** Entities looked at: the best-evidenced, where duplicates cost the reader most. */
const POOL = 5000;
const GENERIC_TYPE = 'concept';

/** "seizures" → "seizure", "studies" → "study", "analyses" → "analysis"; one word, lower case. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('yses')) return `${w.slice(0, -2)}is`;
  if (/(?:ss|us|is|ous)$/.test(w)) return w;
  if (/(?:ches|shes|xes|sses|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** A name with every word made singular: "mice models" and "mouse model" do not meet, "rats" and "rat" do. */
const singularKey = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .map(singular)
    .join(' ');

interface Cand {
  e: EntitySummary;
  neighbours: Set<string>;
  docs: Set<string>;
}

interface Pair {
  a: Cand;
  b: Cand;
  kind: DuplicateKind;
  score: number;
  reasons: string[];
}

const jaccard = (x: Set<string>, y: Set<string>) => {
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const v of x) if (y.has(v)) both++;
  return both / (x.size + y.size - both);
};

const typesAgree = (a: EntitySummary, b: EntitySummary) =>
  a.type === b.type || a.type === GENERIC_TYPE || b.type === GENERIC_TYPE;

/**
 * Candidate duplicates, found by more than spelling and grouped by why, so a reader accepts or rejects a
 * whole kind at once: singular and plural of one name ("seizure" / "seizures"), an abbreviation with the
 * long form it spells (stronger when a passage defines the pair), and near spellings. Every pair is scored
 * by what the two share besides their letters: a type, neighbours in the graph, documents. Pairs of
 * different specific types are left out ("MSAs", a concept, is not "Medical Short Stay" by its letters).
 */
export async function duplicateGroups(
  lib: Library,
  summaries: (ids: string[]) => Promise<Map<string, EntitySummary>>,
  limit: number,
): Promise<DuplicateGroup[]> {
  const top = await lib.graph.topEntities(POOL);
  const sums = await summaries(top.map((e) => e.id));
  const pool = new Set(top.map((e) => e.id));
  const neighbours = new Map<string, Set<string>>();
  const { pairs: links } = await lib.graph.entityGraph();
  for (const p of links) {
    const [a, b] = [p.a, p.b];
    if (pool.has(a)) (neighbours.get(a) ?? neighbours.set(a, new Set()).get(a))?.add(b);
    if (pool.has(b)) (neighbours.get(b) ?? neighbours.set(b, new Set()).get(b))?.add(a);
  }
  const listed = await lib.graph.listEntities({ limit: POOL * 4 });
  const docs = new Map(listed.entities.map((e) => [e.id, new Set(e.documents.map((d) => d.id))]));
  const cands: Cand[] = top.flatMap((r) => {
    const e = sums.get(r.id);
    return e ? [{ e, neighbours: neighbours.get(r.id) ?? new Set(), docs: docs.get(r.id) ?? new Set() }] : [];
  });

  const found: Pair[] = [];
  const seen = new Set<string>();
  const add = (a: Cand, b: Cand, kind: DuplicateKind, base: number, why: string) => {
    if (a.e.id === b.e.id) return;
    const key = a.e.id < b.e.id ? `${a.e.id}|${b.e.id}` : `${b.e.id}|${a.e.id}`;
    if (seen.has(key) || !typesAgree(a.e, b.e)) return;
    seen.add(key);
    const reasons = [why];
    let score = base;
    if (a.e.type === b.e.type) {
      score += 0.04;
      reasons.push(`both ${a.e.type}`);
    }
    const shared = jaccard(a.neighbours, b.neighbours);
    if (shared > 0) {
      score += 0.1 * shared;
      reasons.push(`${Math.round(shared * 100)}% shared neighbours`);
    }
    const together = [...a.docs].filter((d) => b.docs.has(d)).length;
    if (together) {
      score += 0.03;
      reasons.push(`${together} document${together === 1 ? '' : 's'} name both`);
    }
    found.push({ a, b, kind, score: Math.min(1, score), reasons });
  };

  // Singular and plural: one key per singular form.
  const bySingular = new Map<string, Cand[]>();
  for (const c of cands) {
    const k = singularKey(c.e.name);
    if (k.length < 3) continue;
    bySingular.set(k, [...(bySingular.get(k) ?? []), c]);
  }
  for (const group of bySingular.values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        const [x, y] = [group[i], group[j]];
        if (x && y && x.e.name.toLowerCase() !== y.e.name.toLowerCase())
          add(x, y, 'plural', 0.9, 'singular and plural');
      }

  // Abbreviations: a short form and a long form it spells, sharing a neighbour or a document.
  const shorts = cands.filter((c) => looksLikeAbbreviation(c.e.name));
  const longs = cands.filter((c) => c.e.name.includes(' '));
  const byInitial = new Map<string, Cand[]>();
  for (const l of longs) {
    const k = l.e.name.charAt(0).toLowerCase();
    byInitial.set(k, [...(byInitial.get(k) ?? []), l]);
  }
  const abbreviationPairs: [Cand, Cand][] = [];
  for (const s of shorts)
    for (const l of byInitial.get(s.e.name.charAt(0).toLowerCase()) ?? [])
      if (
        abbreviates(s.e.name, l.e.name) &&
        (jaccard(s.neighbours, l.neighbours) > 0 || [...s.docs].some((d) => l.docs.has(d)))
      )
        abbreviationPairs.push([s, l]);
  for (const [s, l] of abbreviationPairs.slice(0, 200)) {
    const defined = await definedIn(lib, s, l);
    add(
      s,
      l,
      'abbreviation',
      defined ? 0.9 : 0.75,
      defined ? 'abbreviation defined in a passage' : 'abbreviation by its letters',
    );
  }

  // Near spellings among names long enough to be told apart ("haemoglobin" / "hemoglobin").
  const byPrefix = new Map<string, Cand[]>();
  for (const c of cands) {
    const n = c.e.name.toLowerCase();
    if (n.length < 6 || looksLikeAbbreviation(c.e.name)) continue;
    const k = n.slice(0, 2);
    byPrefix.set(k, [...(byPrefix.get(k) ?? []), c]);
  }
  for (const group of byPrefix.values()) {
    if (group.length > 400) continue;
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        const [x, y] = [group[i], group[j]];
        if (!x || !y) continue;
        const [p, q] = [x.e.name.toLowerCase(), y.e.name.toLowerCase()];
        if (singularKey(p) === singularKey(q) || Math.abs(p.length - q.length) > 2) continue;
        const jw = jaroWinkler(p, q);
        if (jw >= 0.94) add(x, y, 'spelling', jw - 0.1, `similar spelling (${jw.toFixed(2)})`);
      }
  }

  const title: Record<DuplicateKind, string> = {
    plural: 'Singular and plural',
    abbreviation: 'Abbreviation and long form',
    spelling: 'Near spellings',
  };
  const groups: DuplicateGroup[] = [];
  for (const kind of ['plural', 'abbreviation', 'spelling'] as const) {
    const pairs = found
      .filter((p) => p.kind === kind)
      .sort((x, y) => y.score - x.score || (x.a.e.name < y.a.e.name ? -1 : 1))
      .slice(0, limit)
      .map((p) => {
        // Keep the better-evidenced name; the long form over an abbreviation.
        const keepA =
          kind === 'abbreviation'
            ? p.a.e.name.includes(' ')
            : p.a.e.evidenceCount > p.b.e.evidenceCount ||
              (p.a.e.evidenceCount === p.b.e.evidenceCount && p.a.e.name.length <= p.b.e.name.length);
        return {
          a: p.a.e,
          b: p.b.e,
          keep: keepA ? ('a' as const) : ('b' as const),
          score: Math.round(p.score * 1000) / 1000,
          reasons: p.reasons,
        };
      });
    if (pairs.length) groups.push({ kind, title: title[kind], pairs });
  }
  return groups;
}

/** Whether a passage naming the short form defines it as the long form: "long form (SF)". */
async function definedIn(lib: Library, s: Cand, l: Cand): Promise<boolean> {
  const rows = await lib.graph.mentionPairs({ entityIds: [s.e.id] }, 20);
  const chunks = await lib.graph.chunksById([...new Set(rows.map((r) => r.chunkId))]);
  return chunks.some((c) => definesPair(c.text, s.e.name, l.e.name));
}
