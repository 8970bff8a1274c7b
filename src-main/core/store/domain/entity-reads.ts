import { AriadneError } from '../../../contract/errors';
import type { EntityRow, GraphReader } from '../graph-port';
import { entityIdForKey } from '../ids';
import type { EntityListFilter, EntityListItem, EntityRecord, EvidenceRow } from '../types';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The public record of a stored entity (its overrides stay in the store). */
export const entityRecord = (e: EntityRow): EntityRecord => ({
  id: e.id,
  canonicalKey: e.canonicalKey,
  name: e.name,
  type: e.type,
  description: e.description,
  aliases: [...e.aliases],
  confidence: e.confidence,
  evidenceCount: e.evidenceCount,
});

/** Exact lookup: canonical key (following merges), else display name or alias, case-insensitively. */
export async function lookupEntity(
  tx: GraphReader,
  q: { key?: string; name?: string },
): Promise<EntityRecord[]> {
  if (q.key) {
    const key = q.key;
    // The id derives from the key; a merged key resolves to its survivor.
    const own = (await tx.entities([entityIdForKey(key)])).filter((e) => e.canonicalKey === key);
    if (own.length) return own.map(entityRecord);
    const merges = await tx.merges({ active: true, mergedKeys: [key] });
    return (await tx.entities(merges.map((m) => m.survivorId))).map(entityRecord);
  }
  if (!q.name) throw new AriadneError('invalid_input', 'lookupEntity needs a key or a name.');
  return (await tx.entitiesNamed(q.name.trim().toLowerCase())).map(entityRecord);
}

/**
 * Entity search over names and aliases: every query word must occur (case-insensitive substring); ranked
 * exact name > name prefix > word match > alias match, then by evidence. The backend narrows by the
 * longest word (a scan, ~tens of ms at 100k entities); BM25 over entity text lives in the vector index.
 */
export async function searchEntities(
  tx: GraphReader,
  text: string,
  limit: number,
): Promise<(EntityRecord & { score: number })[]> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  // The first of the longest words, as a stable sort by length would give.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const q = words.join(' ');
  return (await tx.entitiesContaining(longest, 2000))
    .flatMap((e) => {
      const name = e.name.toLowerCase();
      const all = `${name} ${e.aliases.join(' ; ').toLowerCase()}`;
      if (!words.every((w) => all.includes(w))) return [];
      const score = name === q ? 4 : name.startsWith(q) ? 3 : words.every((w) => name.includes(w)) ? 2 : 1;
      return [{ ...entityRecord(e), score }];
    })
    .sort((a, b) => b.score - a.score || b.evidenceCount - a.evidenceCount || cmp(a.id, b.id))
    .slice(0, limit);
}

/** The library's entities with where they are mentioned, most mentioned first. */
export async function listEntities(
  tx: GraphReader,
  f: EntityListFilter,
): Promise<{ entities: EntityListItem[]; total: number }> {
  const search = f.search?.trim().toLowerCase();
  const rows = await tx.mentionCounts({ docId: f.docId, type: f.type, ...(search ? { search } : {}) });
  const byEntity = new Map<string, Map<string, number>>();
  for (const x of rows) {
    const docs = byEntity.get(x.entityId) ?? new Map<string, number>();
    docs.set(x.docId, (docs.get(x.docId) ?? 0) + x.n);
    byEntity.set(x.entityId, docs);
  }
  const total = (docs: Map<string, number>) => [...docs.values()].reduce((a, b) => a + b, 0);
  const ranked = [...byEntity]
    .sort((a, b) => total(b[1]) - total(a[1]) || cmp(a[0], b[0]))
    .slice(0, f.limit ?? 10_000);
  const entities = new Map((await tx.entities(ranked.map(([id]) => id))).map((e) => [e.id, e]));
  const titles = await tx.documentTitles([...new Set(ranked.flatMap(([, d]) => [...d.keys()]))]);
  return {
    entities: ranked.flatMap(([id, docs]) => {
      const e = entities.get(id);
      if (!e) return [];
      const documents = [...docs].map(([doc, n]) => ({
        id: doc,
        title: titles.get(doc)?.title ?? '',
        mentions: n,
      }));
      return [{ ...entityRecord(e), mentionCount: total(docs), documents }];
    }),
    total: byEntity.size,
  };
}

/** Evidence rows of an entity, or of a pair in either direction, with citation data. */
export async function listEvidence(
  tx: GraphReader,
  entityId: string,
  otherId: string | undefined,
  limit: number,
): Promise<EvidenceRow[]> {
  const related = await tx.relatedOf(entityId, otherId);
  const details = await tx.evidenceDetails(related.map((x) => x.k));
  const docs = await tx.documentTitles([...new Set([...details.values()].map((v) => v.docId))]);
  return related
    .flatMap((x): EvidenceRow[] => {
      const v = details.get(x.k);
      if (!v) return [];
      const { key: _k, ...citation } = v;
      const d = docs.get(v.docId);
      return [
        {
          ...citation,
          sourceId: x.src,
          sourceName: x.srcName,
          targetId: x.dst,
          targetName: x.dstName,
          docTitle: d?.title ?? '',
          docYear: d?.year ?? null,
        },
      ];
    })
    .sort((a, b) => cmp(a.docId, b.docId) || a.page - b.page || cmp(a.id, b.id))
    .slice(0, limit);
}
