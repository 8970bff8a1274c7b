import { randomUUID } from 'node:crypto';
import { AriadneError } from '../../../contract/errors';
import type { Clock } from '../../deps';
import type { GraphBackendOpener } from '../backends';
import { deriveEntityFields } from '../domain/entity-fields';
import type { GraphStore } from '../graph-store';
import { chunkId, entityIdForKey } from '../ids';
import {
  entityCandidates,
  entityReferences,
  evidenceChunkIds,
  evidenceRows,
  requireChunks,
  type MentionFields,
  type RelationFields,
  type ResolvedEntities,
} from '../domain/mentions';
import type {
  CanonicalGraph,
  ChunkEvidence,
  ChunkRecord,
  ChunkWithDocument,
  DocumentRecord,
  DocumentStats,
  EntityRecord,
  EvidenceDetail,
  EvidenceLink,
  EvidenceRow,
  Hop,
} from '../types';
import {
  edgesFromPairs,
  expandFrom,
  findPaths,
  strongestNeighbours,
  type Edge,
  type EdgesOf,
} from '../domain/walks';
import { createMemoryJobStore } from './job-store';
import { citationOf } from '../citation';

/**
 * The graph in memory, for tests and throwaway libraries: the same domain rules as the Kùzu store (entity
 * fields derived from mentions, merges that resolve keys and undo exactly, walks over evidence), held in
 * maps and scanned. Every write runs on a copy of the state that replaces it only when the write succeeds,
 * which is what makes a failed call leave the graph as it was, and lets a walk read the state it started on
 * while writes go on. Nothing is written to disk.
 */

interface Entity extends EntityRecord {
  /** A name set by hand; derived names do not replace it. */
  pinnedName: string;
  /** Aliases added by hand or by a merge, kept beside the derived ones. */
  extraAliases: string[];
  createdAt: number;
}

/** One MENTIONS row: a surface form of an entity in a chunk. */
interface Mention extends MentionFields {
  k: number;
}

/** One RELATED row: the evidence that `src` relates to `dst`, with its citation. */
interface Evidence extends RelationFields {
  k: number;
}

interface Community {
  id: string;
  level: number;
  title: string;
  summary: string;
  stale: boolean;
  parentId: string | null;
  members: Set<string>;
}

interface Merge {
  id: string;
  survivorId: string;
  mergedId: string;
  mergedKey: string;
  at: number;
  undoneAt: number | null;
  snapshot: {
    merged: Entity;
    survivor: { pinnedName: string; extraAliases: string[] };
    mentions: { k: number }[];
    relations: { k: number; src: string; dst: string }[];
    communities: string[];
  };
}

interface State {
  /** Next mention / evidence key. */
  seq: number;
  /** Bumped by every write: the change stamp. */
  version: number;
  documents: Map<string, DocumentRecord>;
  chunks: Map<string, ChunkRecord>;
  entities: Map<string, Entity>;
  mentions: Map<number, Mention>;
  evidence: Map<number, Evidence>;
  questions: Map<string, { id: string; docId: string; chunkId: string; text: string }>;
  communities: Map<string, Community>;
  merges: Map<string, Merge>;
  /** Citing document → the documents it cites. */
  citations: Map<string, { to: string; ref: number }[]>;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const record = (e: Entity): EntityRecord => ({
  id: e.id,
  canonicalKey: e.canonicalKey,
  name: e.name,
  type: e.type,
  description: e.description,
  aliases: [...e.aliases],
  confidence: e.confidence,
  evidenceCount: e.evidenceCount,
});
const byEvidence = (a: EntityRecord, b: EntityRecord) => b.evidenceCount - a.evidenceCount || cmp(a.id, b.id);
const link = (v: Evidence): EvidenceLink => ({
  key: v.k,
  source: v.src,
  target: v.dst,
  confidence: v.confidence,
});
const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => cmp(a.id, b.id));
const aliasText = (e: Pick<EntityRecord, 'aliases'>) => e.aliases.join(' ; ');

export function createMemoryGraphStore(clock: Clock): GraphStore {
  let s: State = {
    seq: 0,
    version: 0,
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
  const open = () => {
    if (closed) throw new AriadneError('internal', 'The graph store is closed.');
  };
  /** Runs a write on a copy of the state; the copy becomes the state only if the write returns. */
  const write = <T>(fn: () => T): T => {
    open();
    const before = s;
    s = structuredClone(s);
    try {
      s.version++;
      return fn();
    } catch (e) {
      s = before;
      throw e;
    }
  };
  const read = <T>(fn: () => T): T => {
    open();
    return fn();
  };

  // Derived entity fields

  /**
   * Recomputes the derived fields of entities from their mentions (deriveEntityFields, shared with Kùzu) and
   * deletes entities left without one. Returns the entities whose text changed and those removed.
   */
  function refresh(ids: Iterable<string>): { changed: string[]; removed: string[] } {
    const changed: string[] = [];
    const removed: string[] = [];
    for (const id of new Set(ids)) {
      const e = s.entities.get(id);
      if (!e) continue;
      const mentions = [...s.mentions.values()].filter((m) => m.entityId === id);
      const derived = deriveEntityFields(mentions, e.pinnedName, e.extraAliases);
      if (!derived) {
        removeEntity(id);
        removed.push(id);
        continue;
      }
      if (
        derived.name !== e.name ||
        derived.description !== e.description ||
        aliasText(derived) !== aliasText(e)
      )
        changed.push(id);
      Object.assign(e, derived);
    }
    return { changed: changed.sort(), removed: removed.sort() };
  }

  /** Deletes an entity with its relationships (evidence rows, community membership). */
  function removeEntity(id: string) {
    s.entities.delete(id);
    for (const [k, v] of s.evidence) if (v.src === id || v.dst === id) s.evidence.delete(k);
    for (const c of s.communities.values()) c.members.delete(id);
  }

  /** Removes the mentions and evidence of chunks; returns the entities they mentioned. */
  function removeChunkEvidence(chunkIds: Set<string>): string[] {
    const affected = new Set<string>();
    for (const [k, m] of s.mentions)
      if (chunkIds.has(m.chunkId)) {
        affected.add(m.entityId);
        s.mentions.delete(k);
      }
    for (const [k, v] of s.evidence) if (chunkIds.has(v.chunkId)) s.evidence.delete(k);
    return [...affected];
  }

  function removeQuestionsOf(chunkIds: Set<string>): string[] {
    const gone: string[] = [];
    for (const [id, q] of s.questions)
      if (chunkIds.has(q.chunkId)) {
        s.questions.delete(id);
        gone.push(id);
      }
    return gone;
  }

  const markStale = (entityIds: Iterable<string>) => {
    const ids = new Set(entityIds);
    for (const c of s.communities.values()) if ([...c.members].some((m) => ids.has(m))) c.stale = true;
  };

  // Evidence

  /** The survivor a merged key resolves to, following merges of merges; undefined when the chain ends. */
  function liveSurvivor(id: string): string | undefined {
    let at = id;
    for (let hop = 0; hop < 16; hop++) {
      if (s.entities.has(at)) return at;
      const next = [...s.merges.values()].find((m) => m.mergedId === at && m.undoneAt === null);
      if (!next) return undefined;
      at = next.survivorId;
    }
    return undefined;
  }

  function resolveEntities(items: ChunkEvidence[]): ResolvedEntities {
    const out = new Map<string, string>();
    const { explicit, keys, ownIds } = entityReferences(items);
    for (const id of explicit) {
      if (!s.entities.has(id) && !ownIds.has(id)) throw new AriadneError('not_found', `No entity ${id}.`);
      out.set(id, id);
    }
    for (const k of keys) {
      const own = entityIdForKey(k);
      if (s.entities.has(own)) {
        out.set(k, own);
        continue;
      }
      // A key merged into another entity keeps pointing at the survivor until the merge is undone.
      const redirect = [...s.merges.values()].find((m) => m.mergedKey === k && m.undoneAt === null);
      const live = redirect && liveSurvivor(redirect.survivorId);
      out.set(k, live ?? own);
    }
    return out;
  }

  function writeEvidence(items: ChunkEvidence[]) {
    const now = clock.now();
    const cids = evidenceChunkIds(items);
    requireChunks(cids, (c) => s.chunks.has(c));
    const entityIds = resolveEntities(items);
    const previous = removeChunkEvidence(new Set(cids));

    const candidates = entityCandidates(items, entityIds);
    const created: string[] = [];
    for (const [id, c] of candidates) {
      if (s.entities.has(id)) continue;
      s.entities.set(id, {
        id,
        canonicalKey: c.key,
        name: c.name,
        type: c.type,
        pinnedName: '',
        description: '',
        aliases: [],
        extraAliases: [],
        confidence: 0,
        evidenceCount: 0,
        createdAt: now,
      });
      created.push(id);
    }

    const { mentions, relations } = evidenceRows(items, entityIds, (c) => s.chunks.get(c)?.pageStart);
    for (const m of mentions) s.mentions.set(s.seq, { ...m, k: s.seq++ });
    for (const v of relations) s.evidence.set(s.seq, { ...v, k: s.seq++ });

    const refreshed = refresh([...previous, ...entityIds.values()]);
    const touched = new Set([...created, ...refreshed.changed]);
    for (const id of refreshed.removed) touched.delete(id);
    return {
      entityIds: Object.fromEntries(entityIds),
      touchedEntityIds: [...touched].sort(),
      removedEntityIds: refreshed.removed,
    };
  }

  // Walks

  /** Evidence counts per neighbour of `a`, each way; with keywords, only rows carrying one of them. */
  function pairCounts(st: State, a: string, keywords: Set<string> | null) {
    const out = new Map<string, { out: number; in: number; keywords: Set<string> }>();
    for (const v of st.evidence.values()) {
      if (v.src === v.dst || (v.src !== a && v.dst !== a)) continue;
      const kws = keywords ? v.keywords.filter((k) => keywords.has(k.toLowerCase())) : [];
      if (keywords && !kws.length) continue;
      const b = v.src === a ? v.dst : v.src;
      const c = out.get(b) ?? { out: 0, in: 0, keywords: new Set<string>() };
      out.set(b, c);
      c[v.src === a ? 'out' : 'in']++;
      for (const k of kws) c.keywords.add(k);
    }
    return out;
  }

  /**
   * The evidence-backed neighbours of entities under a walk's filters, in one state (the walks are
   * store/walks.ts). A replaced state is never written again, so a walk that holds one reads a snapshot.
   */
  const edgesIn =
    (st: State): EdgesOf =>
    async (ids, f, exempt) => {
      const out = new Map<string, Edge[]>();
      const keywords = f.keywords?.length ? new Set(f.keywords.map((k) => k.toLowerCase())) : null;
      for (const a of new Set(ids)) {
        const edges = edgesFromPairs(
          a,
          pairCounts(st, a, keywords),
          f,
          (b) => st.entities.get(b)?.type,
          exempt,
        );
        if (edges.length) out.set(a, edges);
      }
      return out;
    };

  const entitiesById = (ids: string[], st = s) =>
    ids.flatMap((id) => {
      const e = st.entities.get(id);
      return e ? [record(e)] : [];
    });

  /** The whole graph in comparable form, shaped as the Kùzu store's (see CanonicalGraph). */
  function canonical(): CanonicalGraph {
    const chunks = byId(structuredClone([...s.chunks.values()]));
    const structure: { rel: string; from: string; to: string }[] = [];
    for (const c of chunks) {
      structure.push({ rel: 'HAS_CHUNK', from: c.docId, to: c.id });
      // Reading order links consecutive indexes only.
      if (s.chunks.has(chunkId(c.docId, c.index + 1)))
        structure.push({ rel: 'NEXT', from: c.id, to: chunkId(c.docId, c.index + 1) });
    }
    for (const q of s.questions.values()) structure.push({ rel: 'ANSWERS_IN', from: q.id, to: q.chunkId });
    for (const c of s.communities.values()) {
      for (const m of c.members) structure.push({ rel: 'IN_COMMUNITY', from: m, to: c.id });
      if (c.parentId) structure.push({ rel: 'PARENT', from: c.id, to: c.parentId });
    }
    const key = (x: { rel: string; from: string; to: string }) => `${x.rel}|${x.from}|${x.to}`;
    return {
      documents: byId(
        [...s.documents.values()].map(({ createdAt: _c, updatedAt: _u, ...d }) => structuredClone(d)),
      ),
      chunks,
      chunkIds: chunks.map((c) => c.id),
      entities: byId(
        [...s.entities.values()].map((e) => ({
          id: e.id,
          key: e.canonicalKey,
          name: e.name,
          type: e.type,
          description: e.description,
          aliases: [...e.aliases],
          confidence: e.confidence,
          evidenceCount: e.evidenceCount,
          pinned: e.pinnedName,
        })),
      ),
      mentions: byId(
        [...s.mentions.values()].map((m) => ({
          id: m.id,
          chunk: m.chunkId,
          entity: m.entityId,
          surface: m.surface,
          description: m.description,
          confidence: m.confidence,
        })),
      ),
      evidence: byId(
        [...s.evidence.values()].map((v) => ({
          id: v.id,
          source: v.src,
          target: v.dst,
          keywords: [...v.keywords],
          description: v.description,
          chunkId: v.chunkId,
          docId: v.docId,
          page: v.page,
          confidence: v.confidence,
        })),
      ),
      // Mentions and evidence live and die with their rows here: nothing can be left orphaned.
      orphanDetails: [],
      chunkEvidence: [...s.evidence.values()].map((v) => `${v.chunkId}|${v.id}`).sort(),
      structure: structure.sort((a, b) => cmp(key(a), key(b))),
      questions: byId([...s.questions.values()].map((q) => ({ ...q }))),
      communities: byId(
        [...s.communities.values()].map((c) => ({
          id: c.id,
          level: c.level,
          title: c.title,
          summary: c.summary,
          stale: c.stale,
        })),
      ),
    };
  }

  const store: GraphStore = {
    // Documents and chunks

    async upsertDocument(doc) {
      return write(() => {
        const now = clock.now();
        const rec: DocumentRecord = {
          id: doc.id,
          title: doc.title,
          authors: doc.authors ?? [],
          year: doc.year ?? null,
          doi: doc.doi || null,
          pages: doc.pages ?? null,
          status: doc.status,
          parserVersion: doc.parserVersion ?? '',
          fileName: doc.fileName ?? '',
          originalPath: doc.originalPath ?? '',
          createdAt: s.documents.get(doc.id)?.createdAt ?? now,
          updatedAt: now,
        };
        s.documents.set(doc.id, rec);
        return { ...rec, authors: [...rec.authors] };
      });
    },

    async setDocumentStatus(id, status) {
      write(() => {
        const d = s.documents.get(id);
        if (!d) throw new AriadneError('not_found', `No document ${id}.`);
        d.status = status;
        d.updatedAt = clock.now();
      });
    },

    async getDocument(id) {
      return read(() => structuredClone(s.documents.get(id) ?? null));
    },

    async listDocuments() {
      return read(() =>
        structuredClone(
          [...s.documents.values()].sort((a, b) => a.createdAt - b.createdAt || cmp(a.id, b.id)),
        ),
      );
    },

    async upsertChunks(docId, chunks, opts = {}) {
      return write(() => {
        if (!s.documents.has(docId)) throw new AriadneError('not_found', `No document ${docId}.`);
        const rows: ChunkRecord[] = chunks.map((c) => ({
          id: chunkId(docId, c.index),
          docId,
          index: c.index,
          text: c.text,
          forwardSummary: c.forwardSummary ?? '',
          pageStart: c.pageStart,
          pageEnd: c.pageEnd,
          charStart: c.charStart,
          charEnd: c.charEnd,
          pageOffsets: c.pageOffsets?.length ? [...c.pageOffsets] : [0],
        }));
        if (opts.replace) {
          // Re-chunking: a dropped chunk takes its evidence and questions with it.
          const keep = new Set(rows.map((r) => r.id));
          const dropped = new Set(
            [...s.chunks.values()].filter((c) => c.docId === docId && !keep.has(c.id)).map((c) => c.id),
          );
          const affected = removeChunkEvidence(dropped);
          removeQuestionsOf(dropped);
          for (const id of dropped) s.chunks.delete(id);
          refresh(affected);
        }
        for (const r of rows) s.chunks.set(r.id, r);
        return structuredClone(rows);
      });
    },

    async getChunks(docId) {
      return read(() =>
        structuredClone(
          [...s.chunks.values()].filter((c) => c.docId === docId).sort((a, b) => a.index - b.index),
        ),
      );
    },

    async getChunk(id) {
      return read(() => structuredClone(s.chunks.get(id) ?? null));
    },

    async deleteDocument(id) {
      return write(() => {
        if (!s.documents.has(id)) throw new AriadneError('not_found', `No document ${id}.`);
        const chunkIds = [...s.chunks.values()].filter((c) => c.docId === id).map((c) => c.id);
        const set = new Set(chunkIds);
        const affected = removeChunkEvidence(set);
        const questionIds = removeQuestionsOf(set);
        for (const c of chunkIds) s.chunks.delete(c);
        s.documents.delete(id);
        s.citations.delete(id);
        for (const [from, rows] of s.citations)
          s.citations.set(
            from,
            rows.filter((r) => r.to !== id),
          );
        markStale(affected);
        const refreshed = refresh(affected);
        return {
          chunkIds,
          questionIds,
          removedEntityIds: refreshed.removed,
          changedEntityIds: refreshed.changed,
        };
      });
    },

    // Citations

    async setCitations(from, cites) {
      write(() => {
        const seen = new Set<string>();
        const rows = cites.filter((c) => {
          const ok = c.to !== from && !seen.has(c.to) && s.documents.has(c.to);
          seen.add(c.to);
          return ok;
        });
        if (s.documents.has(from) && rows.length) s.citations.set(from, rows);
        else s.citations.delete(from);
      });
    },

    async listCitations() {
      return read(() =>
        [...s.citations]
          .flatMap(([from, rows]) => rows.map((r) => ({ from, ...r })))
          .sort((a, b) => cmp(a.from, b.from) || cmp(a.to, b.to)),
      );
    },

    // Evidence

    async addEvidence(items) {
      if (!items.length) return { entityIds: {}, touchedEntityIds: [], removedEntityIds: [] };
      return write(() => writeEvidence(items));
    },

    async listEvidence(entityId, otherId, limit = 500) {
      return read(() => {
        const rows: EvidenceRow[] = [];
        for (const v of s.evidence.values()) {
          const touches = v.src === entityId || v.dst === entityId;
          const other = v.src === entityId ? v.dst : v.src;
          if (!touches || (otherId !== undefined && other !== otherId)) continue;
          const src = s.entities.get(v.src);
          const dst = s.entities.get(v.dst);
          if (!src || !dst) continue;
          const d = s.documents.get(v.docId);
          rows.push({
            id: v.id,
            sourceId: v.src,
            sourceName: src.name,
            targetId: v.dst,
            targetName: dst.name,
            ...citationOf(v),
            docTitle: d?.title ?? '',
            docYear: d?.year ?? null,
          });
        }
        return rows
          .sort((a, b) => cmp(a.docId, b.docId) || a.page - b.page || cmp(a.id, b.id))
          .slice(0, limit);
      });
    },

    // Entities and merges

    async getEntities(ids) {
      return read(() => entitiesById(ids));
    },

    async getEntity(id) {
      return read(() => entitiesById([id])[0] ?? null);
    },

    async lookupEntity(q) {
      return read(() => {
        if (q.key) {
          const e = s.entities.get(entityIdForKey(q.key));
          if (e && e.canonicalKey === q.key) return [record(e)];
          return [...s.merges.values()]
            .filter((m) => m.mergedKey === q.key && m.undoneAt === null)
            .flatMap((m) => entitiesById([m.survivorId]));
        }
        if (!q.name) throw new AriadneError('invalid_input', 'lookupEntity needs a key or a name.');
        const n = q.name.trim().toLowerCase();
        return [...s.entities.values()]
          .filter((e) => e.name.toLowerCase() === n || e.aliases.some((a) => a.toLowerCase() === n))
          .sort((a, b) => b.evidenceCount - a.evidenceCount || cmp(a.id, b.id))
          .slice(0, 20)
          .map(record);
      });
    },

    async searchEntities(text, limit = 20) {
      return read(() => {
        const words = text.toLowerCase().split(/\s+/).filter(Boolean);
        if (!words.length) return [];
        const q = words.join(' ');
        return [...s.entities.values()]
          .flatMap((e) => {
            const name = e.name.toLowerCase();
            const all = `${name} ${aliasText(e).toLowerCase()}`;
            if (!words.every((w) => all.includes(w))) return [];
            const score =
              name === q ? 4 : name.startsWith(q) ? 3 : words.every((w) => name.includes(w)) ? 2 : 1;
            return [{ ...record(e), score }];
          })
          .sort((a, b) => b.score - a.score || b.evidenceCount - a.evidenceCount || cmp(a.id, b.id))
          .slice(0, limit);
      });
    },

    async listEntities(f = {}) {
      return read(() => {
        const q = f.search?.trim().toLowerCase();
        const byEntity = new Map<string, { e: Entity; docs: Map<string, number> }>();
        for (const m of s.mentions.values()) {
          const e = s.entities.get(m.entityId);
          const docId = s.chunks.get(m.chunkId)?.docId;
          if (!e || docId === undefined) continue;
          if (f.docId && docId !== f.docId) continue;
          if (f.type && e.type !== f.type) continue;
          if (q && !e.name.toLowerCase().includes(q) && !aliasText(e).toLowerCase().includes(q)) continue;
          const docs = byEntity.get(e.id)?.docs ?? new Map<string, number>();
          docs.set(docId, (docs.get(docId) ?? 0) + 1);
          byEntity.set(e.id, { e, docs });
        }
        const total = (docs: Map<string, number>) => [...docs.values()].reduce((a, b) => a + b, 0);
        const entities = [...byEntity.values()]
          .sort((a, b) => total(b.docs) - total(a.docs) || cmp(a.e.id, b.e.id))
          .slice(0, f.limit ?? 10_000)
          .map(({ e, docs }) => ({
            ...record(e),
            mentionCount: total(docs),
            documents: [...docs].map(([doc, n]) => ({
              id: doc,
              title: s.documents.get(doc)?.title ?? '',
              mentions: n,
            })),
          }));
        return { entities, total: byEntity.size };
      });
    },

    async renameEntity(id, name) {
      const pinned = name.trim();
      if (!pinned) throw new AriadneError('invalid_input', 'A name cannot be empty.');
      write(() => {
        const e = s.entities.get(id);
        if (!e) throw new AriadneError('not_found', `No entity ${id}.`);
        e.pinnedName = pinned;
        refresh([id]);
      });
    },

    async deleteEntity(id) {
      return write(() => {
        if (!s.entities.has(id)) throw new AriadneError('not_found', `No entity ${id}.`);
        const neighbours = new Set<string>();
        for (const v of s.evidence.values()) {
          if (v.src === id) neighbours.add(v.dst);
          if (v.dst === id) neighbours.add(v.src);
        }
        neighbours.delete(id);
        for (const [k, m] of s.mentions) if (m.entityId === id) s.mentions.delete(k);
        markStale([id]);
        removeEntity(id);
        return { neighbourIds: [...neighbours].sort() };
      });
    },

    async mergeEntities(survivorId, mergedId, opts = {}) {
      if (survivorId === mergedId)
        throw new AriadneError('invalid_input', 'Cannot merge an entity into itself.');
      return write(() => {
        const merged = s.entities.get(mergedId);
        let survivor = s.entities.get(survivorId);
        if (!survivor && merged && opts.automatic && opts.survivorKey !== undefined) {
          if (entityIdForKey(opts.survivorKey) !== survivorId)
            throw new AriadneError('invalid_input', 'The survivor key does not derive the survivor id.');
          // Derived fields are filled by the refresh at the end of this write.
          survivor = {
            id: survivorId,
            canonicalKey: opts.survivorKey,
            name: merged.name,
            type: merged.type,
            pinnedName: '',
            description: '',
            aliases: [],
            extraAliases: [],
            confidence: 0,
            evidenceCount: 0,
            createdAt: merged.createdAt,
          };
          s.entities.set(survivorId, survivor);
        }
        if (!survivor || !merged)
          throw new AriadneError('not_found', 'Both entities must exist to merge them.');
        const relations = [...s.evidence.values()].filter((v) => v.src === mergedId || v.dst === mergedId);
        const snapshot: Merge['snapshot'] = {
          merged: structuredClone(merged),
          survivor: { pinnedName: survivor.pinnedName, extraAliases: [...survivor.extraAliases] },
          mentions: [...s.mentions.values()].filter((m) => m.entityId === mergedId).map((m) => ({ k: m.k })),
          relations: relations.map((v) => ({ k: v.k, src: v.src, dst: v.dst })),
          communities: [...s.communities.values()].filter((c) => c.members.has(mergedId)).map((c) => c.id),
        };
        const swap = (v: string) => (v === mergedId ? survivorId : v);
        for (const m of s.mentions.values()) if (m.entityId === mergedId) m.entityId = survivorId;
        for (const v of relations) Object.assign(v, { src: swap(v.src), dst: swap(v.dst) });
        markStale([mergedId]);
        s.entities.delete(mergedId);
        for (const c of s.communities.values()) c.members.delete(mergedId);
        survivor.extraAliases = [
          ...new Set([
            ...survivor.extraAliases,
            ...(opts.automatic ? [] : [merged.name]),
            ...merged.extraAliases,
          ]),
        ];
        survivor.pinnedName = opts.automatic
          ? survivor.pinnedName || merged.pinnedName
          : survivor.pinnedName || survivor.name;
        const rec: Merge = {
          id: randomUUID(),
          survivorId,
          mergedId,
          mergedKey: merged.canonicalKey,
          at: clock.now(),
          undoneAt: null,
          snapshot,
        };
        s.merges.set(rec.id, rec);
        const { changed } = refresh([survivorId]);
        return { id: rec.id, survivorId, mergedId, at: rec.at, undoneAt: null, changedEntityIds: changed };
      });
    },

    async undoMerge(mergeId) {
      return write(() => {
        const m = s.merges.get(mergeId);
        if (!m) throw new AriadneError('not_found', `No merge ${mergeId}.`);
        if (m.undoneAt !== null) throw new AriadneError('conflict', 'This merge was already undone.');
        const { survivorId, mergedId, snapshot: snap } = m;
        const survivor = s.entities.get(survivorId);
        if (!survivor) throw new AriadneError('conflict', 'The surviving entity no longer exists.');
        if (s.entities.has(mergedId))
          throw new AriadneError('conflict', 'An entity with the merged id exists again.');
        s.entities.set(mergedId, structuredClone(snap.merged));
        // Only what still exists moves back: evidence of a document deleted since the merge stays deleted.
        for (const { k } of snap.mentions) {
          const x = s.mentions.get(k);
          if (x?.entityId === survivorId) x.entityId = mergedId;
        }
        const swap = (v: string) => (v === mergedId ? survivorId : v);
        for (const r of snap.relations) {
          const v = s.evidence.get(r.k);
          if (v && v.src === swap(r.src) && v.dst === swap(r.dst))
            Object.assign(v, { src: r.src, dst: r.dst });
        }
        survivor.pinnedName = snap.survivor.pinnedName;
        survivor.extraAliases = [...snap.survivor.extraAliases];
        for (const id of snap.communities) {
          const c = s.communities.get(id);
          if (!c) continue;
          c.members.add(mergedId);
          c.stale = true;
        }
        m.undoneAt = clock.now();
        refresh([survivorId, mergedId]);
        return { restoredId: mergedId, survivorId };
      });
    },

    async activeMerges() {
      return read(() =>
        [...s.merges.values()]
          .filter((m) => m.undoneAt === null)
          .sort((a, b) => a.at - b.at || cmp(a.id, b.id))
          .map((m) => ({ mergedKey: m.mergedKey, mergedId: m.mergedId, survivorId: m.survivorId })),
      );
    },

    async listMerges(entityId) {
      return read(() =>
        [...s.merges.values()]
          .filter((m) => !entityId || m.survivorId === entityId || m.mergedId === entityId)
          .sort((a, b) => b.at - a.at)
          .map((m) => ({
            id: m.id,
            survivorId: m.survivorId,
            mergedId: m.mergedId,
            at: m.at,
            undoneAt: m.undoneAt,
          })),
      );
    },

    async counts() {
      return read(() => ({
        documents: s.documents.size,
        chunks: s.chunks.size,
        entities: s.entities.size,
        mentions: s.mentions.size,
        evidence: s.evidence.size,
        questions: s.questions.size,
        communities: s.communities.size,
      }));
    },

    // Walks

    async neighbours(id, filters = {}, limit = 100) {
      open();
      const st = s;
      const edges = (await edgesIn(st)([id], filters)).get(id) ?? [];
      return strongestNeighbours(edges, limit).flatMap(({ id: to, ...n }) =>
        entitiesById([to], st).map((entity) => ({ entity, ...n })),
      );
    },

    async expand(seeds, depth = 2, filters = {}, maxEntities = 500) {
      open();
      const st = s;
      const { dist, hops, truncated } = await expandFrom(edgesIn(st), seeds, depth, filters, maxEntities);
      return {
        entities: entitiesById([...dist.keys()], st),
        hops,
        depth: Object.fromEntries(dist),
        truncated,
      };
    },

    async paths(from, to, opts = {}) {
      open();
      return findPaths(edgesIn(s), from, to, opts);
    },

    async subgraph(opts = {}) {
      return read(() => {
        const top = Math.max(1, Math.min(opts.top ?? 200, 5000));
        const min = opts.minEvidence ?? 1;
        const pool = opts.communityId
          ? [...(s.communities.get(opts.communityId)?.members ?? [])].flatMap((id) => entitiesById([id]))
          : [...s.entities.values()];
        const ids = pool
          .sort((a, b) => b.evidenceCount - a.evidenceCount || cmp(a.id, b.id))
          .slice(0, top)
          .map((e) => e.id);
        const members = new Set(ids);
        const edges: Hop[] = [];
        const degree = new Map<string, number>();
        for (const a of ids)
          for (const [b, c] of pairCounts(s, a, null)) {
            // Each stored direction once, from its source.
            if (!members.has(b) || c.out < min) continue;
            edges.push({ from: a, to: b, evidence: c.out, keywords: [] });
            degree.set(a, (degree.get(a) ?? 0) + 1);
            degree.set(b, (degree.get(b) ?? 0) + 1);
          }
        return { nodes: entitiesById(ids).map((e) => ({ ...e, degree: degree.get(e.id) ?? 0 })), edges };
      });
    },

    async entityGraph() {
      return read(() => {
        const weight = new Map<string, { a: string; b: string; weight: number }>();
        for (const v of s.evidence.values()) {
          if (v.src === v.dst) continue;
          const [a, b] = v.src < v.dst ? [v.src, v.dst] : [v.dst, v.src];
          const p = weight.get(`${a}\u0000${b}`) ?? { a, b, weight: 0 };
          p.weight++;
          weight.set(`${a}\u0000${b}`, p);
        }
        return { entities: [...s.entities.keys()], pairs: [...weight.values()] };
      });
    },

    // Communities

    async upsertCommunities(items) {
      write(() => {
        for (const c of items)
          s.communities.set(c.id, {
            id: c.id,
            level: c.level,
            title: c.title,
            summary: c.summary,
            stale: c.stale ?? false,
            parentId: null,
            members: new Set(c.memberIds.filter((id) => s.entities.has(id))),
          });
        // Parents after every community of the batch exists: a parent may come in the same call.
        for (const c of items) {
          const parent = c.parentId ?? null;
          const community = s.communities.get(c.id);
          if (community) community.parentId = parent && s.communities.has(parent) ? parent : null;
        }
      });
    },

    async deleteCommunities(ids) {
      write(() => {
        for (const id of ids) s.communities.delete(id);
        for (const c of s.communities.values())
          if (c.parentId && !s.communities.has(c.parentId)) c.parentId = null;
      });
    },

    async listCommunities(level) {
      return read(() =>
        [...s.communities.values()]
          .filter((c) => level === undefined || c.level === level)
          .sort((a, b) => a.level - b.level || cmp(a.id, b.id))
          .map(({ members, ...c }) => ({ ...c, size: members.size })),
      );
    },

    // Questions

    async setQuestions(items) {
      if (!items.length) return;
      write(() => {
        const rows = items.map((q) => ({
          id: q.id,
          docId: q.docId,
          chunkId: chunkId(q.docId, q.chunkIndex),
          text: q.text,
        }));
        const chunks = new Set(rows.map((r) => r.chunkId));
        if ([...chunks].some((c) => !s.chunks.has(c)))
          throw new AriadneError('not_found', 'Questions for an unknown chunk.');
        removeQuestionsOf(chunks);
        for (const r of rows) s.questions.set(r.id, r);
      });
    },

    async questionsForChunk(docId, chunkIndex) {
      return read(() => {
        const c = chunkId(docId, chunkIndex);
        return [...s.questions.values()]
          .filter((q) => q.chunkId === c)
          .sort((a, b) => cmp(a.id, b.id))
          .map((q) => ({ id: q.id, text: q.text }));
      });
    },

    // Ids

    async listIds(kind) {
      return read(() => {
        const table = {
          chunks: s.chunks,
          entities: s.entities,
          questions: s.questions,
          communities: s.communities,
        }[kind];
        return [...table.keys()];
      });
    },

    // Reads for retrieval and the library view

    async chunksById(ids) {
      return read(() => structuredClone([...new Set(ids)].flatMap((id) => s.chunks.get(id) ?? [])));
    },

    async chunksWithDocuments(ids) {
      return read(() =>
        [...new Set(ids)].flatMap((id): ChunkWithDocument[] => {
          const c = s.chunks.get(id);
          if (!c) return [];
          const d = s.documents.get(c.docId);
          const { forwardSummary: _f, charEnd: _e, ...rest } = c;
          return [{ ...rest, pageOffsets: [...c.pageOffsets], title: d?.title ?? '', year: d?.year ?? null }];
        }),
      );
    },

    async documentTitles(ids) {
      return read(
        () =>
          new Map(
            ids.flatMap((id) => {
              const d = s.documents.get(id);
              return d ? [[id, { title: d.title, year: d.year }] as const] : [];
            }),
          ),
      );
    },

    async documentStats(id) {
      return read(() => {
        const chunks = new Set([...s.chunks.values()].filter((c) => c.docId === id).map((c) => c.id));
        const entities = new Set(
          [...s.mentions.values()].filter((m) => chunks.has(m.chunkId)).map((m) => m.entityId),
        );
        const relationships = [...s.evidence.values()].filter((v) => chunks.has(v.chunkId)).length;
        return { entities: entities.size, relationships };
      });
    },

    async documentStatsAll() {
      return read(() => {
        const docOf = new Map([...s.chunks.values()].map((c) => [c.id, c.docId]));
        const entities = new Map<string, Set<string>>();
        const stats = new Map<string, DocumentStats>();
        for (const docId of new Set(docOf.values())) {
          entities.set(docId, new Set());
          stats.set(docId, { entities: 0, relationships: 0 });
        }
        for (const m of s.mentions.values()) entities.get(docOf.get(m.chunkId) ?? '')?.add(m.entityId);
        for (const v of s.evidence.values()) {
          const st = stats.get(docOf.get(v.chunkId) ?? '');
          if (st) st.relationships++;
        }
        for (const [docId, st] of stats) st.entities = entities.get(docId)?.size ?? 0;
        return stats;
      });
    },

    async evidenceFrom(sourceIds) {
      return read(() => {
        const from = new Set(sourceIds);
        return [...s.evidence.values()].filter((v) => from.has(v.src)).map(link);
      });
    },

    async evidenceBetween(pairs) {
      return read(() => {
        const wanted = new Set(pairs.map((p) => `${p.a}\u0000${p.b}`));
        return [...s.evidence.values()].filter((v) => wanted.has(`${v.src}\u0000${v.dst}`)).map(link);
      });
    },

    async evidenceDetails(keys) {
      return read(
        () =>
          new Map(
            keys.flatMap((k): [number, EvidenceDetail][] => {
              const v = s.evidence.get(k);
              if (!v) return [];
              const { k: key, src: _s, dst: _d, ...rest } = v;
              return [[k, { key, ...rest, keywords: [...v.keywords] }]];
            }),
          ),
      );
    },

    async mentionPairs(of, limit) {
      return read(() => {
        const byChunk = of.chunkIds !== undefined;
        const ids = new Set((byChunk ? of.chunkIds : of.entityIds) ?? []);
        return [...s.mentions.values()]
          .filter((m) => ids.has(byChunk ? m.chunkId : m.entityId))
          .slice(0, limit)
          .map((m) => ({ chunkId: m.chunkId, entityId: m.entityId }));
      });
    },

    async topEntities(limit) {
      return read(() => [...s.entities.values()].sort(byEvidence).slice(0, limit).map(record));
    },

    async entityNames() {
      return read(() =>
        [...s.entities.values()].map((e) => ({
          id: e.id,
          name: e.name,
          aliases: [...e.aliases],
          evidenceCount: e.evidenceCount,
        })),
      );
    },

    async entitiesInDocuments(docIds, limit) {
      return read(() => {
        const docs = new Set(docIds);
        const ids = new Set(
          [...s.mentions.values()]
            .filter((m) => docs.has(s.chunks.get(m.chunkId)?.docId ?? ''))
            .map((m) => m.entityId),
        );
        return entitiesById([...ids])
          .sort(byEvidence)
          .slice(0, limit)
          .map((e) => e.id);
      });
    },

    async communitiesOf(entityIds, level) {
      return read(() => {
        const out = new Map<string, string>();
        for (const c of s.communities.values())
          if (c.level === level) for (const id of entityIds) if (c.members.has(id)) out.set(id, c.id);
        return out;
      });
    },

    async communityChunks(communityId, limit) {
      return read(() => {
        const members = s.communities.get(communityId)?.members ?? new Set<string>();
        const n = new Map<string, number>();
        for (const m of s.mentions.values())
          if (members.has(m.entityId)) n.set(m.chunkId, (n.get(m.chunkId) ?? 0) + 1);
        return [...n]
          .sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))
          .slice(0, limit)
          .map(([id, mentions]) => ({ chunkId: id, mentions }));
      });
    },

    async questionChunk(questionId) {
      return read(() => s.questions.get(questionId)?.chunkId ?? null);
    },

    async changeStamp() {
      return read(() => String(s.version));
    },

    async canonicalGraph() {
      return read(() => canonical());
    },

    async close() {
      closed = true;
    },
  };
  return store;
}

/** The memory backend as registered in store/backends.ts: the library folder is neither read nor written. */
export const openMemoryGraph: GraphBackendOpener = async (_dataDir, { clock }) => ({
  graph: createMemoryGraphStore(clock),
  jobs: createMemoryJobStore(clock),
});
