// What changed between two hierarchies, in the terms the summary scheduler needs.
import type { Community, CommunityChanges, CommunityHierarchy } from './types';

export function diffHierarchies(
  before: CommunityHierarchy,
  after: CommunityHierarchy,
  changedEntityIds: ReadonlySet<string>,
  affectedFraction: number,
): CommunityChanges {
  const all = (h: CommunityHierarchy) => h.levels.flatMap((l) => l.communities);
  const beforeById = new Map(all(before).map((c) => [c.id, c] as const));
  const afterAll = all(after);
  const afterIds = new Set(afterAll.map((c) => c.id));
  const added = afterAll.filter((c) => !beforeById.has(c.id));
  const removed = [...beforeById.values()].filter((c) => !afterIds.has(c.id));
  const stale = afterAll.filter(
    (c) => beforeById.has(c.id) && c.members.some((m) => changedEntityIds.has(m)),
  );

  // Predecessor = the removed community at the same level sharing the most members (ties: smaller id).
  const removedAt = new Map<string, Community>();
  for (const c of removed) for (const m of c.members) removedAt.set(`${c.level}\u0000${m}`, c);
  const predecessors: Record<string, string> = {};
  for (const c of added) {
    const overlap = new Map<string, number>();
    for (const m of c.members) {
      const p = removedAt.get(`${c.level}\u0000${m}`);
      if (p) overlap.set(p.id, (overlap.get(p.id) ?? 0) + 1);
    }
    let best: string | null = null;
    let bestCount = 0;
    for (const [id, n] of overlap) {
      if (n > bestCount || (n === bestCount && best !== null && id < best)) [best, bestCount] = [id, n];
    }
    if (best) predecessors[c.id] = best;
  }
  const byLevelThenSize = (a: Community, b: Community) =>
    a.level - b.level || b.size - a.size || (a.id < b.id ? -1 : 1);
  return {
    added: added.map((c) => c.id).sort(),
    removed: removed.map((c) => c.id).sort(),
    stale: stale.map((c) => c.id).sort(),
    refreshOrder: [...added, ...stale].sort(byLevelThenSize).map((c) => c.id),
    predecessors,
    affectedFraction,
  };
}
