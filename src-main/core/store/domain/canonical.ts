import type { GraphDump } from '../graph-port';
import type { CanonicalGraph } from '../types';
import { entityRecord } from './entity-reads';

const byKey = <T>(rows: T[], key: (r: T) => string) =>
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const byId = <T extends { id?: unknown }>(rows: T[]) => byKey(rows, (r) => String(r.id));

/**
 * Everything the graph holds, id-sorted and without timestamps or storage keys (see CanonicalGraph): for
 * tests that compare libraries and backends, not for the app (it reads every table).
 */
export function canonicalGraph(d: GraphDump): CanonicalGraph {
  return {
    documents: byId(d.documents.map(({ createdAt: _c, updatedAt: _u, ...doc }) => doc)),
    chunks: byId(d.chunks),
    chunkIds: [...d.chunkIds].sort(),
    entities: byId(
      d.entities.map((e) => {
        const { canonicalKey, ...rest } = entityRecord(e);
        return { ...rest, key: canonicalKey, pinned: e.pinnedName };
      }),
    ),
    // Storage keys depend on write order, so they stay out.
    mentions: byId(
      d.mentions.map((m) => ({
        id: m.id,
        chunk: m.chunkId,
        entity: m.entityId,
        surface: m.surface,
        description: m.description,
        confidence: m.confidence,
      })),
    ),
    evidence: byId(
      d.evidence.map((v) => ({
        id: v.id,
        source: v.src,
        target: v.dst,
        keywords: [...(v.keywords ?? [])],
        description: v.description,
        chunkId: v.chunkId,
        docId: v.docId,
        page: v.page,
        confidence: v.confidence,
      })),
    ),
    orphanDetails: [...d.orphanDetails].sort(),
    chunkEvidence: [...d.chunkEvidence].sort(),
    structure: byKey(d.structure, (s) => `${s.rel}|${s.from}|${s.to}`),
    questions: byId(d.questions.map((q) => ({ ...q }))),
    communities: byId(d.communities.map((c) => ({ ...c }))),
  };
}
