import { AriadneError } from '../../../contract/errors';
import type { GraphPort, GraphTables, GraphWrites, TableReader } from '../graph-port';
import { createSerialQueue } from '../serial-queue';

/**
 * The graph port in memory, for tests and throwaway libraries: a map per table, and no reads of its own (the
 * domain scans the tables: store/domain/scan-reads.ts). A transaction runs on a copy of the state that
 * replaces it only when the transaction returns, which is what makes a failed write leave the graph as it
 * was, and lets a read (a walk over several steps) keep the state it started on while writes go on. What
 * leaves the port is a copy too. Nothing is written to disk.
 */
type Tables = { [T in keyof GraphTables]: Map<string | number, GraphTables[T]> };

interface State extends Tables {
  /** Next mention / evidence key. */
  seq: number;
}

const vals = <T>(m: Map<unknown, T>) => [...m.values()];
/** Deletes the entries `gone` selects; returns them. */
function drop<K, T>(m: Map<K, T>, gone: (v: T) => boolean): T[] {
  const out: T[] = [];
  for (const [k, v] of m) if (gone(v) && m.delete(k)) out.push(v);
  return out;
}

/** One table of the state, typed by its name. */
const table = <T extends keyof GraphTables>(s: State, t: T) => s[t] as Map<string | number, GraphTables[T]>;

const tables = (s: State): TableReader => ({
  rows: async (t) => vals(table(s, t)),
  byKey: async (t, keys) => keys.flatMap((k) => table(s, t).get(k) ?? []),
});

function writes(s: State): GraphWrites {
  const entity = (id: string) => {
    const e = s.entities.get(id);
    if (!e) throw new AriadneError('internal', `No entity ${id} to write.`);
    return e;
  };
  const communities = () => vals(s.communities);
  const deleteEntities = async (ids: string[]) => {
    for (const id of ids) s.entities.delete(id);
    for (const c of communities()) c.memberIds = c.memberIds.filter((m) => !ids.includes(m));
  };
  return {
    async putDocument(doc) {
      const rec = { ...doc, createdAt: s.documents.get(doc.id)?.createdAt ?? doc.updatedAt };
      s.documents.set(doc.id, rec);
      return rec;
    },
    async setDocumentStatus(id, status, now) {
      const d = s.documents.get(id);
      if (d) Object.assign(d, { status, updatedAt: now });
      return Boolean(d);
    },
    async deleteDocument(id) {
      s.documents.delete(id);
      drop(s.citations, (c) => c.from === id || c.to === id);
    },
    async putCitations(from, cites) {
      drop(s.citations, (c) => c.from === from);
      for (const c of cites) s.citations.set(`${from}|${c.to}`, { from, ...c });
    },
    putChunks: async (_docId, rows) => rows.forEach((c) => s.chunks.set(c.id, structuredClone(c))),
    async deleteChunks(ids) {
      for (const id of ids) s.chunks.delete(id);
      return drop(s.questions, (q) => ids.includes(q.chunkId)).map((q) => q.id);
    },
    async removeChunkEvidence(ids) {
      drop(s.evidence, (v) => ids.includes(v.chunkId));
      return [...new Set(drop(s.mentions, (m) => ids.includes(m.chunkId)).map((m) => m.entityId))];
    },
    allocateKeys: async (n) => (s.seq += n) - n,
    insertMentions: async (rows) => rows.forEach((m) => s.mentions.set(m.k, structuredClone(m))),
    insertEvidence: async (rows) => rows.forEach((v) => s.evidence.set(v.k, structuredClone(v))),
    createEntities: async (rows) =>
      rows.forEach((e) =>
        s.entities.set(e.id, {
          ...structuredClone(e),
          description: '',
          aliases: [],
          confidence: 0,
          evidenceCount: 0,
        }),
      ),
    updateEntities: async (rows) => rows.forEach((r) => Object.assign(entity(r.id), structuredClone(r))),
    deleteEntities,
    async setEntityOverrides(id, o) {
      const e = s.entities.get(id);
      if (e && o.pinnedName !== undefined) e.pinnedName = o.pinnedName;
      if (e && o.extraAliases) e.extraAliases = [...o.extraAliases];
      return Boolean(e);
    },
    async purgeEntity(id) {
      const gone = drop(s.evidence, (v) => v.src === id || v.dst === id);
      drop(s.mentions, (m) => m.entityId === id);
      await deleteEntities([id]);
      return gone.map((v) => (v.src === id ? v.dst : v.src));
    },
    async foldEntity(mergedId, survivorId, rows) {
      const swap = (v: string) => (v === mergedId ? survivorId : v);
      for (const m of rows.mentions) Object.assign(s.mentions.get(m.k) ?? {}, { entityId: survivorId });
      for (const r of rows.relations)
        Object.assign(s.evidence.get(r.k) ?? {}, { src: swap(r.src), dst: swap(r.dst) });
      await deleteEntities([mergedId]);
    },
    async moveMentions(rows) {
      const moved = rows.filter((r) => s.mentions.get(r.k)?.entityId === r.entityId);
      for (const r of moved) Object.assign(s.mentions.get(r.k) ?? {}, { entityId: r.to });
      return moved.map((r) => r.k);
    },
    async moveEvidence(rows) {
      const moved = rows.filter(
        (r) => s.evidence.get(r.k)?.src === r.src && s.evidence.get(r.k)?.dst === r.dst,
      );
      for (const r of moved) Object.assign(s.evidence.get(r.k) ?? {}, { src: r.toSrc, dst: r.toDst });
      return moved.map((r) => r.k);
    },
    async addMemberships(entityId, ids) {
      for (const c of ids.flatMap((id) => s.communities.get(id) ?? [])) {
        c.memberIds = [...new Set([...c.memberIds, entityId])];
        c.stale = true;
      }
    },
    async markStale(f) {
      for (const c of communities())
        if (f.communityIds?.includes(c.id) || f.entityIds?.some((id) => c.memberIds.includes(id)))
          c.stale = true;
    },
    insertMerge: async (m) => void s.merges.set(m.id, { ...m }),
    setMergeUndone: async (id, at) => void Object.assign(s.merges.get(id) ?? {}, { undoneAt: at }),
    async replaceQuestions(chunkIds, rows) {
      drop(s.questions, (q) => chunkIds.includes(q.chunkId));
      for (const q of rows) s.questions.set(q.id, { ...q });
    },
    async putCommunities(items) {
      for (const c of items) {
        const memberIds = [...new Set(c.memberIds.filter((id) => s.entities.has(id)))];
        s.communities.set(c.id, { ...c, stale: c.stale ?? false, parentId: null, memberIds });
      }
      // Parents after every community of the batch exists: a parent may come in the same call.
      for (const c of items) {
        const community = s.communities.get(c.id);
        if (community && c.parentId && s.communities.has(c.parentId)) community.parentId = c.parentId;
      }
    },
    async deleteCommunities(ids) {
      for (const id of ids) s.communities.delete(id);
      for (const c of vals(s.communities))
        if (c.parentId && !s.communities.has(c.parentId)) c.parentId = null;
    },
  };
}

/** The port over a state that each transaction copies, replacing it on success; results leave as copies. */
export function createMemoryPort(): GraphPort {
  let s: State = {
    seq: 0,
    documents: new Map(),
    chunks: new Map(),
    entities: new Map(),
    mentions: new Map(),
    evidence: new Map(),
    questions: new Map(),
    communities: new Map(),
    merges: new Map(),
    citations: new Map(),
  };
  let closed = false;
  const queue = createSerialQueue();
  const open = () => {
    if (closed) throw new AriadneError('internal', 'The graph store is closed.');
  };
  return {
    async read(fn) {
      open();
      return structuredClone(await fn(tables(s)));
    },
    write: (fn) =>
      queue.run(async () => {
        open();
        const next = structuredClone(s);
        const result = structuredClone(await fn({ ...tables(next), ...writes(next) }));
        s = next;
        return result;
      }),
    async close() {
      closed = true;
      await queue.idle();
    },
  };
}
