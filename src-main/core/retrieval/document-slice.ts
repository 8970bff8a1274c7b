import type { Library } from '../library';
import type { Hop } from '../store/types';
import type { GraphReads } from './graph-reads';

/** Keeps hops that have evidence in the given documents, with evidence counted there only. */
export async function restrictToDocuments(
  lib: Library,
  data: GraphReads,
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
