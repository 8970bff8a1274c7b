import type { Clock } from '../../deps';
import type { GraphPort, GraphReader, GraphWriter } from '../graph-port';
import type { GraphStore } from '../graph-store';
import { chunkId } from '../ids';
import { canonicalGraph } from './canonical';
import { setCitations } from './citations';
import { deleteDocument, setDocumentStatus, setQuestions, upsertChunks, upsertDocument } from './documents';
import { entityRecord, listEntities, listEvidence, lookupEntity, searchEntities } from './entity-reads';
import { deleteEntity, pinnableName, renameEntity } from './entity-edits';
import { BULK_ROWS, isBulkEvidence, writeEvidence } from './evidence-writes';
import { expand, neighbours, paths, subgraph } from './graph-walks';
import { mergeEntities, undoMerge } from './merges';
import { fullReader } from './scan-reads';

/**
 * The GraphStore of a backend: the domain's rules over the backend's port. Every call is one read or one
 * transaction of the port; a domain operation is a function of a transaction (documents.ts,
 * evidence-writes.ts, merges.ts, …), so several can share one when a caller needs them to commit together.
 */
export function createGraphStore(port: GraphPort, clock: Clock): GraphStore {
  // A backend that reads only tables gets every named read from scans of them.
  const read = <T>(fn: (tx: GraphReader) => Promise<T>) => port.read((tx) => fn(fullReader(tx)));
  const write = <T>(fn: (tx: GraphWriter) => Promise<T>, opts?: { bulk?: boolean }) =>
    port.write((tx) => fn(fullReader(tx)), opts);
  return {
    // Documents and chunks
    upsertDocument: (doc) => write((tx) => upsertDocument(tx, doc, clock.now())),
    setDocumentStatus: (id, status) => write((tx) => setDocumentStatus(tx, id, status, clock.now())),
    getDocument: (id) => read((tx) => tx.getDocument(id)),
    listDocuments: () => read((tx) => tx.listDocuments()),
    upsertChunks: (docId, chunks, opts = {}) =>
      write((tx) => upsertChunks(tx, docId, chunks, opts.replace ?? false)),
    getChunks: (docId) => read((tx) => tx.getChunks(docId)),
    getChunk: async (id) => (await read((tx) => tx.chunksById([id])))[0] ?? null,
    chunksById: (ids) => (ids.length ? read((tx) => tx.chunksById(ids)) : Promise.resolve([])),
    chunksWithDocuments: (ids) =>
      ids.length ? read((tx) => tx.chunksWithDocuments(ids)) : Promise.resolve([]),
    documentTitles: (ids) => (ids.length ? read((tx) => tx.documentTitles(ids)) : Promise.resolve(new Map())),
    documentStats: async (id) =>
      (await read((tx) => tx.documentStats(id))).get(id) ?? { entities: 0, relationships: 0 },
    documentStatsAll: () => read((tx) => tx.documentStats()),
    deleteDocument: (id) => write((tx) => deleteDocument(tx, id)),

    // Citations between documents
    setCitations: (from, cites) => write((tx) => setCitations(tx, from, cites)),
    listCitations: () => read((tx) => tx.citations()),

    // Evidence
    async addEvidence(items, opts = {}) {
      if (!items.length) return { entityIds: {}, touchedEntityIds: [], removedEntityIds: [] };
      return write((tx) => writeEvidence(tx, items, clock.now()), {
        bulk: opts.bulk ?? isBulkEvidence(items),
      });
    },
    listEvidence: (entityId, otherId, limit = 500) =>
      read((tx) => listEvidence(tx, entityId, otherId, limit)),
    evidenceFrom: (ids) => (ids.length ? read((tx) => tx.evidenceFrom(ids)) : Promise.resolve([])),
    evidenceBetween: (pairs) =>
      pairs.length ? read((tx) => tx.evidenceBetween(pairs)) : Promise.resolve([]),
    evidenceDetails: (keys) =>
      keys.length ? read((tx) => tx.evidenceDetails(keys)) : Promise.resolve(new Map()),
    mentionPairs: (of, limit) => read((tx) => tx.mentionPairs(of, limit)),

    // Entities and merges
    getEntities: (ids) => read(async (tx) => (await tx.entities(ids)).map(entityRecord)),
    getEntity: async (id) => (await read((tx) => tx.entities([id]))).map(entityRecord)[0] ?? null,
    lookupEntity: (q) => read((tx) => lookupEntity(tx, q)),
    topEntities: (limit) => read(async (tx) => (await tx.topEntities(limit)).map(entityRecord)),
    entityNames: () => read((tx) => tx.entityNames()),
    entitiesInDocuments: (docIds, limit) =>
      docIds.length ? read((tx) => tx.entitiesInDocuments(docIds, limit)) : Promise.resolve([]),
    searchEntities: (text, limit = 20) => read((tx) => searchEntities(tx, text, limit)),
    listEntities: (f = {}) => read((tx) => listEntities(tx, f)),
    async renameEntity(id, name) {
      const pinned = pinnableName(name);
      await write((tx) => renameEntity(tx, id, pinned));
    },
    deleteEntity: (id) => write((tx) => deleteEntity(tx, id)),
    mergeEntities: (survivorId, mergedId, opts = {}) =>
      write((tx) => mergeEntities(tx, survivorId, mergedId, opts, clock.now())),
    undoMerge: (mergeId) => write((tx) => undoMerge(tx, mergeId, clock.now())),
    activeMerges: async () =>
      (await read((tx) => tx.merges({ active: true })))
        .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
        .map((m) => ({ mergedKey: m.mergedKey, mergedId: m.mergedId, survivorId: m.survivorId })),
    listMerges: async (entityId) =>
      (await read((tx) => tx.merges(entityId ? { entityId } : {})))
        .sort((a, b) => b.at - a.at)
        .map(({ id, survivorId, mergedId, at, undoneAt }) => ({ id, survivorId, mergedId, at, undoneAt })),
    counts: () => read((tx) => tx.counts()),

    // Walks
    neighbours: (id, filters = {}, limit = 100) => read((tx) => neighbours(tx, id, filters, limit)),
    expand: (seeds, depth = 2, filters = {}, maxEntities = 500) =>
      read((tx) => expand(tx, seeds, depth, filters, maxEntities)),
    paths: (from, to, opts = {}) =>
      from === to ? Promise.resolve([]) : read((tx) => paths(tx, from, to, opts)),
    subgraph: (opts = {}) => read((tx) => subgraph(tx, opts)),
    entityGraph: () => read((tx) => tx.entityGraph()),

    // Communities
    async upsertCommunities(items, opts = {}) {
      if (!items.length) return;
      const members = items.reduce((n, c) => n + c.memberIds.length, 0);
      await write((tx) => tx.putCommunities(items, clock.now()), { bulk: opts.bulk ?? members >= BULK_ROWS });
    },
    async deleteCommunities(ids) {
      if (ids.length) await write((tx) => tx.deleteCommunities(ids));
    },
    listCommunities: (level) => read((tx) => tx.listCommunities(level)),
    communitiesOf: async (entityIds, level) =>
      new Map((await read((tx) => tx.memberships(entityIds, level))).map((m) => [m.entityId, m.communityId])),
    communityChunks: (communityId, limit) => read((tx) => tx.communityChunks(communityId, limit)),

    // Questions
    async setQuestions(items) {
      if (items.length) await write((tx) => setQuestions(tx, items));
    },
    questionsForChunk: (docId, chunkIndex) => read((tx) => tx.questionsOf(chunkId(docId, chunkIndex))),
    questionChunk: (questionId) => read((tx) => tx.questionChunk(questionId)),

    // Ids and the whole graph
    listIds: (kind) => read((tx) => tx.listIds(kind)),
    changeStamp: () => read((tx) => tx.changeStamp()),
    canonicalGraph: async () => canonicalGraph(await read((tx) => tx.dump())),
    ...(port.copyFilesTo ? { copyFilesTo: port.copyFilesTo.bind(port) } : {}),
    close: () => port.close(),
  };
}
