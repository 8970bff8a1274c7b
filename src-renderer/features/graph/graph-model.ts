import type { GraphPath, Subgraph } from '../../../src-main/contract/graph';
import type { ColorBy, GraphFiltersState, Lod } from '../../stores/graph-store';
import { communityLegend, typeColor, type CommunityLegend } from './palette';

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
  /** Paper map: a citation (drawn as an arrow), shared entities, or a disagreement; entity graph: none. */
  kind?: 'cites' | 'shared' | 'disagrees';
}
export interface ViewModel {
  nodes: ViewNode[];
  edges: ViewEdge[];
  /** Entities the filters let through, before the level-of-detail cut. */
  matching: number;
  /** Community colours of this subgraph (the largest ten coloured, the rest "other"), for the legend. */
  communities: CommunityLegend;
  /** A name per community, from its best-connected members ("cocaine · seizures"). */
  names: Map<string, string>;
  /** The best-connected nodes drawn: their labels are always shown. */
  labelled: Set<string>;
}

/**
 * Labels always drawn: enough to read a big picture, few enough not to cover it. A fifth of the nodes at
 * most: on a small graph sigma's label grid already names most of them, and names it chose for the
 * reader leave room for more as the camera zooms in.
 */
const ALWAYS_LABELLED = 30;

/**
 * Each community named after its two best-connected members, as the legend, the filter and the community
 * nodes all show it: a name says what a group is about, where "c0-ac95775846a22a6a" or "Community 3" did not.
 */
export function communityNames(sg: Subgraph): Map<string, string> {
  const best = new Map<string, Subgraph['nodes']>();
  for (const n of sg.nodes) {
    if (!n.communityId) continue;
    const list = best.get(n.communityId) ?? [];
    list.push(n);
    best.set(n.communityId, list);
  }
  const names = new Map<string, string>();
  for (const [id, members] of best) {
    const top = members
      .sort((a, b) => b.degree - a.degree || b.evidenceCount - a.evidenceCount || (a.name < b.name ? -1 : 1))
      .slice(0, 2)
      .map((m) => m.name);
    names.set(id, top.join(' · '));
  }
  return names;
}

const topByDegree = (nodes: ViewNode[], n: number) =>
  new Set(
    nodes
      .slice()
      .sort((a, b) => b.degree - a.degree || b.evidence - a.evidence)
      .slice(0, Math.min(n, Math.floor(nodes.length / 5)))
      .map((x) => x.key),
  );

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
  o: {
    filters: GraphFiltersState;
    lod: Lod;
    colorBy: ColorBy;
    hidden: Set<string>;
    paths: GraphPath[];
    dark?: boolean;
  },
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
  const communities = communityLegend(communitySizes(sg), o.dark);
  const names = communityNames(sg);
  const color = (n: { type: string; communityId: string | null }) =>
    o.colorBy === 'type' ? typeColor(n.type, o.dark) : communities.colorOf(n.communityId);

  if (o.lod === 'communities') return communityView(sg, nodes, matching, communities, names);

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
    names,
    labelled: topByDegree(viewNodes, ALWAYS_LABELLED),
  };
}

function communityView(
  sg: Subgraph,
  nodes: Subgraph['nodes'],
  matching: number,
  communities: CommunityLegend,
  names: Map<string, string>,
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
  const nodes2: ViewNode[] = [...groups].map(([id, g]) => ({
    key: `community:${id}`,
    label: id === 'none' ? `${g.top.name} +${g.size - 1}` : `${names.get(id) ?? g.top.name} (${g.size})`,
    type: 'community',
    community: id === 'none' ? null : id,
    evidence: g.evidence,
    degree: g.size,
    size: Math.min(30, 4 + 2.2 * Math.sqrt(g.size)),
    color: communities.colorOf(id === 'none' ? null : id),
    members: g.size,
  }));
  return {
    matching,
    communities,
    names,
    nodes: nodes2,
    labelled: topByDegree(nodes2, ALWAYS_LABELLED),
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
