import type { DuplicatePair } from '../../../src-main/contract/duplicates';

/**
 * Merges that accept a set of pairs at once. Pairs that chain (seizure ~ seizures, seizures ~ Seizures)
 * form one cluster, merged into one survivor: the kept entity with the most evidence. One `graph:merge`
 * per cluster, so no merge names an entity an earlier one already folded away.
 */
export function mergePlan(
  pairs: DuplicatePair[],
): { survivorId: string; mergedIds: string[]; names: string[] }[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const r = find(p);
    parent.set(x, r);
    return r;
  };
  const entity = new Map<string, { id: string; name: string; evidenceCount: number }>();
  const kept = new Set<string>();
  for (const p of pairs) {
    entity.set(p.a.id, p.a);
    entity.set(p.b.id, p.b);
    kept.add(p.keep === 'a' ? p.a.id : p.b.id);
    parent.set(find(p.a.id), find(p.b.id));
  }
  const clusters = new Map<string, string[]>();
  for (const id of entity.keys()) clusters.set(find(id), [...(clusters.get(find(id)) ?? []), id]);
  return [...clusters.values()].map((ids) => {
    const rank = (id: string) => (kept.has(id) ? 1e9 : 0) + (entity.get(id)?.evidenceCount ?? 0);
    const survivorId = ids.slice().sort((x, y) => rank(y) - rank(x) || (x < y ? -1 : 1))[0] ?? '';
    return {
      survivorId,
      mergedIds: ids.filter((x) => x !== survivorId),
      names: ids.map((x) => entity.get(x)?.name ?? x),
    };
  });
}
