import type { GraphPath, Subgraph } from '../../../src-main/contract/graph';
import type { ColorBy, GraphFiltersState, Lod } from '../../stores/graph-store';
import { communityLegend, OTHER_COLOR, typeColor, type CommunityLegend } from './palette';

export interface ViewNode {
  key: string;
  label: string;
  type: string;
  community: string | null;
  evidence: number;
  degree: number;
  size: number;
  color: string;
  /** A community drawn as one node (level of detail). */
  members?: number;
}
export interface ViewEdge {
  source: string;
  target: string;
  weight: number;
  size: number;
}
export interface ViewModel {
  nodes: ViewNode[];
  edges: ViewEdge[];
  /** Entities the filters let through, before the level-of-detail cut. */
  matching: number;
  /** Community colours of this subgraph (the largest ten coloured, the rest "other"), for the legend. */
  communities: CommunityLegend;
}

/** Members per community over the whole loaded subgraph, so colours do not shift as filters change. */
export function communitySizes(sg: Subgraph): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of sg.nodes)
    if (n.communityId) counts.set(n.communityId, (counts.get(n.communityId) ?? 0) + 1);
  return counts;
}

const sizeOf = (evidence: number) => Math.min(22, 3 + 1.6 * Math.sqrt(evidence));

/**
 * What the canvas draws. Filters first, then the level of detail: the top N by degree, or one node per
 * community, so a library of 50k entities never puts 50k nodes on screen unless asked to.
 */
export function buildView(
  sg: Subgraph,
  o: { filters: GraphFiltersState; lod: Lod; colorBy: ColorBy; hidden: Set<string>; paths: GraphPath[] },
): ViewModel {
  const f = o.filters;
  const types = f.types.length ? new Set(f.types) : null;
  const pinned = new Set(o.paths.flatMap((p) => p.nodes.map((n) => n.id)));
  let nodes = sg.nodes.filter(
    (n) =>
      pinned.has(n.id) ||
      (!o.hidden.has(n.id) &&
        (!types || types.has(n.type)) &&
        n.evidenceCount >= f.minEvidence &&
        (!f.communityId || n.communityId === f.communityId)),
  );
  const matching = nodes.length;
  const communities = communityLegend(communitySizes(sg));
  const color = (n: { type: string; communityId: string | null }) =>
    o.colorBy === 'type' ? typeColor(n.type) : communities.colorOf(n.communityId);

  if (o.lod === 'communities') return communityView(sg, nodes, matching, communities);

  if (nodes.length > o.lod) {
    nodes = nodes
      .slice()
      .sort((a, b) => Number(pinned.has(b.id)) - Number(pinned.has(a.id)) || b.degree - a.degree)
      .slice(0, o.lod);
  }
  const keep = new Set(nodes.map((n) => n.id));
  const viewNodes: ViewNode[] = nodes.map((n) => ({
    key: n.id,
    label: n.name,
    type: n.type,
    community: n.communityId,
    evidence: n.evidenceCount,
    degree: n.degree,
    size: sizeOf(n.evidenceCount),
    color: color(n),
  }));
  // Path edges may be missing from a top-N subgraph: add them so highlighted paths are connected.
  const edges = sg.edges.filter((e) => keep.has(e.source) && keep.has(e.target) && e.source !== e.target);
  const seen = new Set(edges.map((e) => `${e.source}\u0000${e.target}`));
  for (const p of o.paths)
    for (const e of p.edges) {
      const k = `${e.source}\u0000${e.target}`;
      if (!seen.has(k) && keep.has(e.source) && keep.has(e.target)) {
        seen.add(k);
        edges.push({ source: e.source, target: e.target, weight: e.evidenceCount, keywords: e.keywords });
      }
    }
  return {
    nodes: viewNodes,
    edges: edges.map((e) => ({
      source: e.source,
      target: e.target,
      weight: e.weight,
      size: Math.min(6, 0.6 + Math.log2(1 + e.weight)),
    })),
    matching,
    communities,
  };
}

function communityView(
  sg: Subgraph,
  nodes: Subgraph['nodes'],
  matching: number,
  communities: CommunityLegend,
): ViewModel {
  const groups = new Map<string, { size: number; evidence: number; top: Subgraph['nodes'][number] }>();
  const of = new Map<string, string>();
  for (const n of nodes) {
    const c = n.communityId ?? 'none';
    of.set(n.id, c);
    const g = groups.get(c);
    if (!g) groups.set(c, { size: 1, evidence: n.evidenceCount, top: n });
    else {
      g.size++;
      g.evidence += n.evidenceCount;
      if (n.degree > g.top.degree) g.top = n;
    }
  }
  const weights = new Map<string, number>();
  for (const e of sg.edges) {
    const a = of.get(e.source);
    const b = of.get(e.target);
    if (!a || !b || a === b) continue;
    const k = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    weights.set(k, (weights.get(k) ?? 0) + e.weight);
  }
  return {
    matching,
    communities,
    nodes: [...groups].map(([id, g]) => ({
      key: `community:${id}`,
      label: `${g.top.name} +${g.size - 1}`,
      type: 'community',
      community: id === 'none' ? null : id,
      evidence: g.evidence,
      degree: g.size,
      size: Math.min(30, 4 + 2.2 * Math.sqrt(g.size)),
      color: id === 'none' ? OTHER_COLOR : communities.colorOf(id),
      members: g.size,
    })),
    edges: [...weights].map(([k, w]) => {
      const [a, b] = k.split('\u0000');
      return {
        source: `community:${a}`,
        target: `community:${b}`,
        weight: w,
        size: Math.min(8, 0.5 + Math.log2(1 + w)),
      };
    }),
  };
}
