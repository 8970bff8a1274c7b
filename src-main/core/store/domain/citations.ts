import type { GraphWriter } from '../graph-port';

/**
 * Replaces the documents `from` cites. A document does not cite itself; a repeat keeps its first reference;
 * a document the library does not hold (deleted meanwhile) is skipped, as is a citing document that is gone.
 */
export async function setCitations(
  tx: GraphWriter,
  from: string,
  cites: { to: string; ref: number }[],
): Promise<void> {
  if (!(await tx.getDocument(from))) return;
  const present = new Set((await tx.listDocuments()).map((d) => d.id));
  const seen = new Set<string>();
  const rows = cites.filter((c) => {
    const keep = c.to !== from && !seen.has(c.to) && present.has(c.to);
    seen.add(c.to);
    return keep;
  });
  await tx.putCitations(from, rows);
}
