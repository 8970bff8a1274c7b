/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because node ids (< g.n), edge positions and labels (< count, from renumber) index arrays sized by
// the LevelGraph and the label count; these loops run over every edge of every level.
// Turns per-level label arrays into the plain Community records the store persists.
import { createHash } from 'node:crypto';
import { renumber } from './leiden';
import { modularity, type EntityGraph } from './level-graph';
import type { Community, CommunityLevel } from './types';

/** Content-derived id: the same members at the same level always give the same id, across runs and machines. */
export function communityId(level: number, sortedMembers: readonly string[]): string {
  const hash = createHash('sha1').update(sortedMembers.join('\n')).digest('hex');
  return `c${level}-${hash.slice(0, 16)}`;
}

export interface LevelPartition {
  labels: Int32Array;
  resolution: number;
}

/** levels[k].labels map every entity to a community at level k; level k+1 must nest level k. */
export function buildLevels(
  g: EntityGraph,
  levels: LevelPartition[],
  centralCount: number,
): CommunityLevel[] {
  const out: CommunityLevel[] = [];
  let childIdsByLabel: string[] | null = null;
  let prevLabels: Int32Array | null = null;
  for (let k = 0; k < levels.length; k++) {
    const { labels, count } = renumber(levels[k]!.labels);
    const members: number[][] = Array.from({ length: count }, () => []);
    for (let i = 0; i < g.n; i++) members[labels[i]!]!.push(i);
    // Weighted degree inside the community ranks central entities; internal/total weight feed the metrics.
    const score = new Float64Array(g.n);
    const internal = new Float64Array(count);
    const total = new Float64Array(count);
    for (let i = 0; i < g.n; i++) {
      total[labels[i]!]! += g.strength[i]!;
      for (let p = g.offsets[i]!; p < g.offsets[i + 1]!; p++) {
        if (labels[g.targets[p]!] === labels[i]) score[i]! += g.weights[p]!;
      }
      internal[labels[i]!]! += score[i]! / 2;
    }
    const sortedIds = members.map((idx) => idx.map((i) => g.ids[i]!).sort());
    const idOf = sortedIds.map((ids) => communityId(k, ids));
    const communities: Community[] = members.map((idx, c) => {
      const ids = sortedIds[c]!;
      const size = idx.length;
      const pairs = (size * (size - 1)) / 2;
      const central = [...idx].sort((a, b) => score[b]! - score[a]! || (g.ids[a]! < g.ids[b]! ? -1 : 1));
      return {
        id: idOf[c]!,
        level: k,
        parentId: null,
        childIds: [],
        members: ids,
        size,
        internalWeight: internal[c]!,
        externalWeight: total[c]! - 2 * internal[c]!,
        density: pairs === 0 ? 1 : internal[c]! / pairs,
        modularityContribution: g.twoM === 0 ? 0 : (2 * internal[c]!) / g.twoM - (total[c]! / g.twoM) ** 2,
        centralEntities: central.slice(0, centralCount).map((i) => g.ids[i]!),
      };
    });
    if (childIdsByLabel && prevLabels && k > 0) {
      const children = new Map<number, Set<string>>();
      for (let i = 0; i < g.n; i++) {
        const set = children.get(labels[i]!) ?? new Set<string>();
        set.add(childIdsByLabel[prevLabels[i]!]!);
        children.set(labels[i]!, set);
      }
      for (const [c, set] of children) communities[c]!.childIds = [...set].sort();
      const byId = new Map(out[k - 1]!.communities.map((x) => [x.id, x] as const));
      for (const parent of communities)
        for (const child of parent.childIds) byId.get(child)!.parentId = parent.id;
    }
    communities.sort((a, b) => b.size - a.size || (a.id < b.id ? -1 : 1));
    out.push({
      level: k,
      resolution: levels[k]!.resolution,
      modularity: modularity(g, labels, 1),
      communities,
    });
    childIdsByLabel = idOf;
    prevLabels = labels;
  }
  return out;
}

/** Entity id → community id for one level. */
export function membershipOf(level: CommunityLevel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of level.communities) for (const m of c.members) out[m] = c.id;
  return out;
}
