import { AriadneError } from '../../contract/errors';
import type { ApiHandlers } from '../../contract/handlers';
import { toPathFilters, graphSearch } from './search/graph-search';
import { resolveTerm } from './search/resolve-term';
import { restrictToDocuments } from './document-slice';
import { duplicateGroups } from './duplicates';
import { toEvidence, toSummary, type ChunkInfo } from './graph-reads';
import type { RetrievalService } from './retrieval-service';
import type { EvidenceRow } from '../store/types';
import { findContradictions } from './contradictions';

type GraphHandlers = Pick<
  ApiHandlers,
  | 'graph:entities'
  | 'graph:resolve'
  | 'graph:search'
  | 'graph:subgraph'
  | 'graph:entity'
  | 'graph:edge-evidence'
  | 'graph:merge-candidates'
  | 'graph:duplicates'
  | 'graph:communities'
  | 'graph:contradictions'
>;

/** Evidence rows with their quotes: each row's own sentence, cut from its chunk's text by its span. */
const evidenceOf = (rows: EvidenceRow[], chunks: Map<string, ChunkInfo>) =>
  rows.map((r) => {
    const ch = chunks.get(r.chunkId);
    return toEvidence(
      {
        ...r,
        source: r.sourceId,
        target: r.targetId,
        title: r.docTitle,
        year: r.docYear,
        chunkText: ch?.text ?? '',
        chunkStart: ch?.charStart ?? 0,
        chunkPageStart: ch?.pageStart ?? r.page,
        chunkPageOffsets: ch?.pageOffsets ?? [0],
      },
      r.sourceName,
      r.targetName,
    );
  });

/**
 * Handlers of the graph domain's reads (graph:*): term resolution, evidence paths, explorer slices, merge
 * candidates. Its writes (rename, merge, undo, delete) are core/entities/entity-handlers.ts.
 */
export function createGraphHandlers(svc: RetrievalService): GraphHandlers {
  return {
    async 'graph:entities'({ documentId, type, search, limit }) {
      const c = await svc.context();
      const res = await c.lib.graph.listEntities({ docId: documentId, type, search, limit });
      return {
        total: res.total,
        entities: res.entities.map((e) => ({
          id: e.id,
          name: e.name,
          type: e.type,
          aliases: e.aliases,
          evidenceCount: e.evidenceCount,
          mentionCount: e.mentionCount,
          documents: e.documents,
        })),
      };
    },
    async 'graph:resolve'({ term }) {
      const c = await svc.context();
      return svc.metrics.time('resolve', () => resolveTerm(c.lib, c.tasks, c.data, c.names, term));
    },
    async 'graph:search'(input) {
      const c = await svc.context();
      return svc.metrics.time('graph_search', () => graphSearch(c, input));
    },
    async 'graph:subgraph'(input) {
      const c = await svc.context();
      const total = (await c.lib.graph.counts()).entities;
      let nodes: { id: string; degree: number }[];
      let edges: { from: string; to: string; evidence: number; keywords: string[] }[];
      let truncated = false;
      const docIds = input.filters.documentIds;
      if (input.mode === 'neighbours') {
        if (!input.entityId) throw new AriadneError('invalid_input', 'mode "neighbours" needs an entityId.');
        const exp = await c.lib.graph.expand([input.entityId], 1, toPathFilters(input.filters), input.limit);
        edges = exp.hops;
        truncated = exp.truncated;
        const deg = new Map<string, number>();
        for (const h of edges) for (const id of [h.from, h.to]) deg.set(id, (deg.get(id) ?? 0) + 1);
        nodes = exp.entities.map((e) => ({ id: e.id, degree: deg.get(e.id) ?? 0 }));
      } else if (input.mode === 'top' && docIds?.length) {
        // The papers' own entities, not the library's top ones filtered down to (maybe) none.
        const ids = await c.lib.graph.entitiesInDocuments(docIds, input.limit);
        const exp = await c.lib.graph.expand(ids, 1, toPathFilters(input.filters), ids.length);
        const members = new Set(ids);
        edges = exp.hops.filter((h) => members.has(h.from) && members.has(h.to));
        nodes = ids.map((id) => ({ id, degree: 0 }));
        truncated = ids.length >= input.limit;
      } else {
        if (input.mode === 'community' && !input.communityId)
          throw new AriadneError('invalid_input', 'mode "community" needs a communityId.');
        const sg = await c.lib.graph.subgraph({
          top: input.limit,
          communityId: input.mode === 'community' ? input.communityId : undefined,
          minEvidence: input.filters.minEvidence,
        });
        nodes = sg.nodes;
        edges = sg.edges;
        truncated = input.mode === 'top' ? total > sg.nodes.length : sg.nodes.length >= input.limit;
      }
      if (docIds?.length) {
        // Only what these documents say: their entities, and edges with evidence in them (counted there).
        const inDocs = new Set(await c.lib.graph.entitiesInDocuments(docIds, 1_000_000));
        nodes = nodes.filter((n) => inDocs.has(n.id) || n.id === input.entityId);
        edges = await restrictToDocuments(c.lib, c.data, edges, docIds);
        const deg = new Map<string, number>();
        for (const h of edges) for (const id of [h.from, h.to]) deg.set(id, (deg.get(id) ?? 0) + 1);
        nodes = nodes.map((n) => ({ id: n.id, degree: deg.get(n.id) ?? 0 }));
      }
      const types = input.filters.entityTypes?.length ? new Set(input.filters.entityTypes) : null;
      const summaries = await c.data.summaries(
        c.lib,
        nodes.map((n) => n.id),
      );
      const keep = nodes.flatMap((n) => {
        const s = summaries.get(n.id);
        return s && (!types || types.has(s.type) || n.id === input.entityId) ? [{ n, s }] : [];
      });
      const ids = new Set(keep.map(({ n }) => n.id));
      return {
        nodes: keep.map(({ n, s }) => ({ ...s, degree: n.degree })),
        edges: edges
          .filter((e) => ids.has(e.from) && ids.has(e.to))
          .map((e) => ({ source: e.from, target: e.to, weight: e.evidence, keywords: e.keywords })),
        totalEntities: total,
        truncated,
      };
    },
    async 'graph:entity'({ entityId }) {
      const c = await svc.context();
      const s = (await c.data.summaries(c.lib, [entityId])).get(entityId);
      if (!s) throw new AriadneError('not_found', `No entity ${entityId}.`);
      const [rows, nbs] = await Promise.all([
        c.lib.graph.listEvidence(entityId, undefined, 200),
        c.lib.graph.neighbours(entityId, {}, 50),
      ]);
      return {
        entity: s,
        evidence: evidenceOf(rows, await c.data.chunks(c.lib, [...new Set(rows.map((r) => r.chunkId))])),
        neighbours: nbs.map((n) => ({ ...toSummary(n.entity), evidenceCount: n.evidence })),
      };
    },
    async 'graph:edge-evidence'({ source, target }) {
      const c = await svc.context();
      const rows = await c.lib.graph.listEvidence(source, target);
      const chunks = await c.data.chunks(c.lib, [...new Set(rows.map((r) => r.chunkId))]);
      return { evidence: evidenceOf(rows, chunks) };
    },
    async 'graph:merge-candidates'({ limit }) {
      const c = await svc.context();
      // Pairs of same-typed entities with near-identical names among the best-evidenced entities.
      const top = await c.lib.graph.topEntities(3000);
      const seen = new Set<string>();
      const pairs: { a: string; b: string; score: number }[] = [];
      for (const r of top) {
        for (const f of c.names.fuzzy(r.name, { min: 0.92, limit: 4 })) {
          const [a, b] = [r.id, f.id].sort() as [string, string];
          if (a === b || seen.has(`${a}|${b}`)) continue;
          seen.add(`${a}|${b}`);
          pairs.push({ a, b, score: f.score });
        }
      }
      pairs.sort((x, y) => y.score - x.score);
      const sums = await c.data.summaries(
        c.lib,
        pairs.flatMap((p) => [p.a, p.b]),
      );
      const candidates = pairs
        .flatMap((p) => {
          const a = sums.get(p.a);
          const b = sums.get(p.b);
          return a && b && a.type === b.type ? [{ p, a, b }] : [];
        })
        .slice(0, limit)
        .map(({ p, a, b }) => ({
          a,
          b,
          score: Math.round(p.score * 1000) / 1000,
          reason: `similar names (Jaro-Winkler ${p.score.toFixed(2)})`,
        }));
      return { candidates };
    },
    async 'graph:contradictions'({ entityId, documentIds, limit }) {
      const c = await svc.context();
      return { contradictions: await findContradictions(c.lib, c.data, { entityId, documentIds, limit }) };
    },
    async 'graph:duplicates'({ limit }) {
      const c = await svc.context();
      return { groups: await duplicateGroups(c.lib, (ids) => c.data.summaries(c.lib, ids), limit) };
    },
    async 'graph:communities'({ level }) {
      const lib = await svc.stores();
      const rows = await lib.graph.listCommunities(level);
      return {
        communities: rows.map((r) => ({
          id: r.id,
          level: r.level,
          title: r.title,
          summary: r.summary,
          keyTopics: svc.communities.details(r.id)?.keyTopics ?? [],
          size: r.size,
          stale: r.stale,
          parentId: r.parentId,
        })),
      };
    },
  };
}
