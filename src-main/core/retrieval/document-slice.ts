import type { Library } from '../library';
import type { Hop } from '../store/types';
import type { LibraryData } from './library-data';

/**
 * Entities mentioned in the given documents, best-evidenced first: the node set of an explorer slice or a
 * search restricted to some papers.
 */
export async function entitiesInDocuments(lib: Library, docIds: string[], limit: number): Promise<string[]> {
  const rows = await lib.graph.query(
    `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE c.docId IN $docs
     RETURN DISTINCT e.id AS id, e.evidenceCount AS n ORDER BY n DESC, id LIMIT $k`,
    { docs: docIds, k: limit },
  );
  return rows.map((r) => String(r.id));
}

/** Keeps hops that have evidence in the given documents, with evidence counted there only. */
export async function restrictToDocuments(
  lib: Library,
  data: LibraryData,
  hops: Hop[],
  docIds: string[],
): Promise<Hop[]> {
  const { rows } = await data.evidenceForPairs(
    lib,
    hops.map((h) => ({ a: h.from, b: h.to })),
    { docIds },
  );
  const n = new Map<string, number>();
  const keywords = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = `${r.source}\u0000${r.target}`;
    n.set(k, (n.get(k) ?? 0) + 1);
    const kw = keywords.get(k) ?? new Set<string>();
    for (const w of r.keywords) kw.add(w);
    keywords.set(k, kw);
  }
  return hops.flatMap((h) => {
    const k = `${h.from}\u0000${h.to}`;
    const c = n.get(k);
    return c
      ? [{ ...h, evidence: c, keywords: h.keywords.length ? h.keywords : [...(keywords.get(k) ?? [])] }]
      : [];
  });
}
