import type { PaperEdge, PaperMap, PaperNode } from '../../contract/citations';
import { detectCommunities } from '../communities';

export interface MapDocument {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
}

/** Entity id, its name, and the documents that mention it. */
export interface MapEntity {
  id: string;
  name: string;
  documents: string[];
}

/** "Amara N. Okafor" → Okafor; "Okafor, Amara" → Okafor; "Okafor AN" → Okafor. */
export function displaySurname(author: string): string {
  const a = author.trim();
  if (a.includes(',')) return a.slice(0, a.indexOf(',')).trim();
  const words = a.split(/\s+/).filter((w) => w && !/^(?:jr|sr|ii|iii|iv)\.?$/i.test(w));
  if (words.length > 1 && /^\p{Lu}{1,3}$/u.test(words.at(-1) ?? '')) return words.slice(0, -1).join(' ');
  return words.at(-1) ?? '';
}

/** An entity in more than this share of the papers says nothing about which belong together. */
const GENERIC_SHARE = 0.4;

/**
 * Papers as nodes. Citations link them one way; shared entities link them by specificity: each shared
 * entity adds log(N / papers naming it), so two papers that both name "glucokinase" in a library of 200 are
 * closer than two that both name "patients". Each paper keeps its `linksPerPaper` strongest shared-entity
 * links (and every citation), so a large library is a map, not a hairball. Communities come from the same
 * Leiden detection as the entity graph's, run on this weighted paper graph (seeded: the same map every time),
 * and are named after the entities their papers share most.
 */
export function buildPaperMap(
  docs: MapDocument[],
  citations: { from: string; to: string }[],
  entities: MapEntity[],
  linksPerPaper: number,
): PaperMap {
  const ids = new Set(docs.map((d) => d.id));
  const n = docs.length;
  const perDoc = new Map<string, number>();
  const pairWeight = new Map<string, { w: number; shared: { name: string; idf: number }[] }>();
  const idfOf = new Map<string, number>();
  for (const e of entities) {
    const ds = [...new Set(e.documents)].filter((d) => ids.has(d)).sort();
    for (const d of ds) perDoc.set(d, (perDoc.get(d) ?? 0) + 1);
    if (ds.length < 2 || ds.length > Math.max(2, n * GENERIC_SHARE)) continue;
    const idf = Math.log(n / ds.length);
    idfOf.set(e.id, idf);
    // Pairs grow with the square of an entity's papers; GENERIC_SHARE caps that at 0.16 n² per entity.
    for (let i = 0; i < ds.length; i++)
      for (let j = i + 1; j < ds.length; j++) {
        const k = `${ds[i]}\u0000${ds[j]}`;
        const p = pairWeight.get(k) ?? { w: 0, shared: [] };
        p.w += idf;
        p.shared.push({ name: e.name, idf });
        pairWeight.set(k, p);
      }
  }

  const cites = new Map<string, number>();
  const citedBy = new Map<string, number>();
  const citePairs = new Set<string>();
  const edges: PaperEdge[] = [];
  for (const c of citations) {
    if (!ids.has(c.from) || !ids.has(c.to) || c.from === c.to) continue;
    cites.set(c.from, (cites.get(c.from) ?? 0) + 1);
    citedBy.set(c.to, (citedBy.get(c.to) ?? 0) + 1);
    citePairs.add(c.from < c.to ? `${c.from}\u0000${c.to}` : `${c.to}\u0000${c.from}`);
    const p = pairWeight.get(c.from < c.to ? `${c.from}\u0000${c.to}` : `${c.to}\u0000${c.from}`);
    edges.push({ source: c.from, target: c.to, kind: 'cites', weight: 1, shared: topNames(p?.shared) });
  }

  // Each paper's strongest shared-entity links; a pair kept by either end is kept.
  const byDoc = new Map<string, { key: string; w: number }[]>();
  for (const [key, p] of pairWeight) {
    const [a, b] = key.split('\u0000') as [string, string];
    for (const d of [a, b]) {
      const list = byDoc.get(d) ?? [];
      list.push({ key, w: p.w });
      byDoc.set(d, list);
    }
  }
  const kept = new Set<string>();
  for (const list of byDoc.values()) {
    list.sort((x, y) => y.w - x.w || (x.key < y.key ? -1 : 1));
    for (const l of list.slice(0, linksPerPaper)) kept.add(l.key);
  }
  for (const key of [...kept].sort()) {
    if (citePairs.has(key)) continue;
    const p = pairWeight.get(key);
    if (!p) continue;
    const [a, b] = key.split('\u0000') as [string, string];
    edges.push({
      source: a,
      target: b,
      kind: 'shared',
      weight: Math.round(p.w * 100) / 100,
      shared: topNames(p.shared),
    });
  }

  // Communities of papers on the kept links (a citation counts as much as a strong shared link).
  const strongest = Math.max(1, ...edges.map((e) => e.weight));
  const hierarchy = edges.length
    ? detectCommunities({
        nodes: docs.map((d) => d.id),
        edges: edges.map((e) => ({
          source: e.source,
          target: e.target,
          weight: e.kind === 'cites' ? strongest : e.weight,
        })),
      })
    : null;
  const membership = hierarchy?.membership ?? {};
  const members = new Map<string, string[]>();
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  for (const d of docs) {
    const c = linked.has(d.id) ? membership[d.id] : undefined;
    if (c) members.set(c, [...(members.get(c) ?? []), d.id]);
  }
  const communities = [...members]
    .filter(([, m]) => m.length >= 2)
    .map(([id, m]) => ({ id, name: communityName(m, entities, idfOf), size: m.length }))
    .sort((a, b) => b.size - a.size || (a.id < b.id ? -1 : 1));
  const named = new Set(communities.map((c) => c.id));

  const nodes: PaperNode[] = docs.map((d) => {
    const c = membership[d.id];
    return {
      id: d.id,
      label: labelOf(d),
      title: d.title,
      year: d.year,
      entities: perDoc.get(d.id) ?? 0,
      cites: cites.get(d.id) ?? 0,
      citedBy: citedBy.get(d.id) ?? 0,
      community: c && named.has(c) ? c : null,
    };
  });
  return { nodes, edges, communities };
}

function topNames(shared: { name: string; idf: number }[] | undefined): string[] {
  return (shared ?? [])
    .slice()
    .sort((a, b) => b.idf - a.idf || a.name.localeCompare(b.name))
    .slice(0, 5)
    .map((s) => s.name);
}

/** "Okafor 2021", "Okafor 2021b" is left to the reader: labels need not be unique, ids are. */
function labelOf(d: MapDocument): string {
  const first = d.authors[0] ? displaySurname(d.authors[0]) : '';
  const who = first || d.title.split(/\s+/).slice(0, 3).join(' ');
  return d.year ? `${who} ${d.year}` : who;
}

/** The two entities the community's papers share most, rarer ones first among equals. */
function communityName(member: string[], entities: MapEntity[], idf: Map<string, number>): string {
  const inside = new Set(member);
  const scored: { name: string; s: number }[] = [];
  for (const e of entities) {
    const w = idf.get(e.id);
    if (w === undefined) continue;
    const k = e.documents.filter((d) => inside.has(d)).length;
    if (k >= 2) scored.push({ name: e.name, s: k * w });
  }
  scored.sort((a, b) => b.s - a.s || a.name.localeCompare(b.name));
  const names = scored.slice(0, 2).map((x) => x.name);
  return names.length ? names.join(' · ') : `${member.length} papers`;
}
