import type { PaperMap } from '../../../src-main/contract/citations';
import type { Contradiction } from '../../../src-main/contract/contradictions';
import type { ViewEdge, ViewModel, ViewNode } from './graph-model';
import { communityLegend } from './palette';

export type PaperSize = 'entities' | 'citations';

/** Papers always labelled on a big map: the most cited and the richest. */
const LABELLED = 60;

/**
 * The paper map as the canvas draws it: a node per paper ("Okafor 2021"), coloured by its community of
 * papers, sized by its entities or by how often the library cites it; citations as arrows, shared-entity
 * links as lines as thick as they are specific, and disagreements (evidence of opposite sign read from two
 * papers) in their own colour.
 */
export function paperView(
  map: PaperMap,
  o: { size: PaperSize; dark: boolean; disagreements: Contradiction[] },
): ViewModel {
  const counts = new Map<string, number>();
  for (const n of map.nodes) if (n.community) counts.set(n.community, (counts.get(n.community) ?? 0) + 1);
  const communities = communityLegend(counts, o.dark);
  const names = new Map(map.communities.map((c) => [c.id, c.name]));
  const nodes: ViewNode[] = map.nodes.map((n) => ({
    key: n.id,
    label: n.label,
    type: 'paper',
    community: n.community,
    evidence: n.entities,
    degree: n.cites + n.citedBy,
    size:
      o.size === 'entities'
        ? Math.min(24, 4 + 0.9 * Math.sqrt(n.entities))
        : Math.min(26, 5 + 4 * Math.sqrt(n.citedBy)),
    color: communities.colorOf(n.community),
  }));
  const edges: ViewEdge[] = map.edges.map((e) => ({
    source: e.source,
    target: e.target,
    weight: e.kind === 'cites' ? 3 : e.weight,
    kind: e.kind,
    size: e.kind === 'cites' ? 1.6 : Math.min(3, 0.4 + 0.4 * Math.log2(1 + e.weight)),
  }));
  const ids = new Set(map.nodes.map((n) => n.id));
  const linked = new Set(
    edges.map((e) => (e.source < e.target ? `${e.source}|${e.target}` : `${e.target}|${e.source}`)),
  );
  for (const [a, b] of disagreeingPairs(o.disagreements)) {
    if (!ids.has(a) || !ids.has(b)) continue;
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    // One edge per pair on the canvas: a disagreement shows over a shared-entity link, not beside it.
    if (linked.has(k)) {
      const e = edges.find(
        (x) => (x.source < x.target ? `${x.source}|${x.target}` : `${x.target}|${x.source}`) === k,
      );
      if (e && e.kind !== 'cites') e.kind = 'disagrees';
      continue;
    }
    linked.add(k);
    edges.push({ source: a, target: b, weight: 1, size: 1.5, kind: 'disagrees' });
  }
  const labelled = new Set(
    nodes
      .slice()
      .sort((a, b) => b.degree - a.degree || b.evidence - a.evidence || (a.key < b.key ? -1 : 1))
      .slice(0, LABELLED)
      .map((n) => n.key),
  );
  return { nodes, edges, matching: nodes.length, communities, names, labelled };
}

/** Pairs of papers whose evidence disagrees: a document of one side with a document of the other. */
export function disagreeingPairs(list: Contradiction[]): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const c of list) {
    const [a, b] = c.sides;
    for (const x of new Set(a.evidence.map((e) => e.citation.documentId)))
      for (const y of new Set(b.evidence.map((e) => e.citation.documentId)))
        if (x !== y) out.set(x < y ? `${x}|${y}` : `${y}|${x}`, x < y ? [x, y] : [y, x]);
  }
  return [...out.values()];
}
