import { AriadneError } from '../../../contract/errors';
import type { AdjacencyIndex } from './adjacency-index';
import { entityIdForKey } from '../ids';
import type { KuzuDb } from './kuzu-db';
import { neighbourEdges } from './adjacency';
import { strongestNeighbours } from '../walks';
import { evidenceNodes } from './evidence-rows';
import { entityCols, fetchEntities, toEntity } from './rows';
import type { EntityRecord, EvidenceRow, GraphCounts, Neighbour, PathFilters } from '../types';

export function entityQueries(db: KuzuDb, index: AdjacencyIndex) {
  const getEntities = async (ids: string[]): Promise<EntityRecord[]> => {
    return db.read((r) => fetchEntities(r, ids));
  };

  return {
    getEntities,

    async getEntity(id: string): Promise<EntityRecord | null> {
      return (await getEntities([id]))[0] ?? null;
    },

    /** Exact lookup: canonical key (following merges), else display name or alias, case-insensitively. */
    async lookupEntity(q: { key?: string; name?: string }): Promise<EntityRecord[]> {
      return db.read(async (r) => {
        if (q.key) {
          // The id is derived from the key, so this is a primary-key lookup; a merged key resolves below.
          let rows = (
            await r.query(`MATCH (e:Entity {id: $id}) RETURN ${entityCols('e')}`, {
              id: entityIdForKey(q.key),
            })
          ).filter((e) => e.canonicalKey === q.key);
          if (!rows.length) {
            rows = await r.query(
              `MATCH (m:EntityMerge) WHERE m.mergedKey = $k AND m.undoneAt IS NULL
               MATCH (e:Entity {id: m.survivorId}) RETURN ${entityCols('e')}`,
              { k: q.key },
            );
          }
          return rows.map(toEntity);
        }
        if (!q.name) throw new AriadneError('invalid_input', 'lookupEntity needs a key or a name.');
        const n = q.name.trim().toLowerCase();
        const rows = await r.query(
          `MATCH (e:Entity) WHERE lower(e.name) = $n OR list_contains(list_transform(e.aliases, a -> lower(a)), $n)
           RETURN ${entityCols('e')} ORDER BY e.evidenceCount DESC, e.id LIMIT 20`,
          { n },
        );
        return rows.map(toEntity);
      });
    },

    /**
     * Entity search over names and aliases: every query word must occur (case-insensitive substring); ranked
     * exact name > name prefix > word match > alias match, then by evidence. A scan, ~tens of ms at 100k
     * entities; BM25 over entity text lives in the vector store's full-text index.
     */
    async searchEntities(text: string, limit = 20): Promise<(EntityRecord & { score: number })[]> {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      if (!words.length) return [];
      // The first of the longest words, as a stable sort by length would give.
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
      const rows = await db.read((r) =>
        r.query(
          `MATCH (e:Entity) WHERE lower(e.name) CONTAINS $w OR lower(e.aliasText) CONTAINS $w
           RETURN ${entityCols('e')}, e.aliasText AS aliasText ORDER BY e.evidenceCount DESC, e.id LIMIT 2000`,
          { w: longest },
        ),
      );
      const q = words.join(' ');
      return rows
        .map((x) => {
          const name = String(x.name).toLowerCase();
          const all = `${name} ${String(x.aliasText ?? '').toLowerCase()}`;
          if (!words.every((w) => all.includes(w))) return null;
          const score =
            name === q ? 4 : name.startsWith(q) ? 3 : words.every((w) => name.includes(w)) ? 2 : 1;
          return { ...toEntity(x), score };
        })
        .filter((x): x is EntityRecord & { score: number } => x !== null)
        .sort((a, b) => b.score - a.score || b.evidenceCount - a.evidenceCount || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },

    /** Evidence rows for an entity, or for a pair in either direction, with citation data. */
    async listEvidence(entityId: string, otherId?: string, limit = 500): Promise<EvidenceRow[]> {
      const other = otherId ? 'AND b.id = $o' : '';
      const params: Record<string, unknown> = { id: entityId };
      if (otherId) params.o = otherId;
      return db.read(async (r) => {
        const edges = [
          ...(await r.query(
            `MATCH (a:Entity {id: $id})-[x:RELATED]->(b:Entity) WHERE true ${other}
             RETURN x.k AS k, a.id AS sid, a.name AS sname, b.id AS tid, b.name AS tname`,
            params,
          )),
          ...(await r.query(
            `MATCH (a:Entity {id: $id})<-[x:RELATED]-(b:Entity) WHERE a.id <> b.id ${other}
             RETURN x.k AS k, b.id AS sid, b.name AS sname, a.id AS tid, a.name AS tname`,
            params,
          )),
        ];
        const nodes = await evidenceNodes(
          r,
          edges.map((x) => Number(x.k)),
        );
        const docIds = [...new Set([...nodes.values()].map((v) => v.docId))];
        const docs = docIds.length
          ? await r.query(
              'UNWIND $ids AS i MATCH (d:Document {id: i}) RETURN d.id AS id, d.title AS title, d.year AS year',
              {
                ids: docIds,
              },
            )
          : [];
        const docOf = new Map(docs.map((d) => [String(d.id), d]));
        return edges
          .flatMap((x) => {
            const v = nodes.get(Number(x.k));
            if (!v) return [];
            const d = docOf.get(v.docId);
            return [
              {
                id: v.id,
                sourceId: String(x.sid),
                sourceName: String(x.sname),
                targetId: String(x.tid),
                targetName: String(x.tname),
                keywords: v.keywords,
                description: v.description,
                confidence: v.confidence,
                pageEnd: v.pageEnd,
                spanStart: v.spanStart,
                spanEnd: v.spanEnd,
                chunkId: v.chunkId,
                docId: v.docId,
                page: v.page,
                docTitle: String(d?.title ?? ''),
                docYear: d?.year == null ? null : Number(d.year),
              },
            ];
          })
          .sort((a, b) => cmp(a.docId, b.docId) || a.page - b.page || cmp(a.id, b.id))
          .slice(0, limit);
      });
    },

    /** Entities sharing evidence with `id`, strongest first. */
    async neighbours(id: string, filters: PathFilters = {}, limit = 100): Promise<Neighbour[]> {
      const edges = (await db.read((r) => neighbourEdges(r, index, [id], filters))).get(id) ?? [];
      const top = strongestNeighbours(edges, limit);
      const ents = new Map((await getEntities(top.map((n) => n.id))).map((e) => [e.id, e]));
      return top.flatMap(({ id: to, ...n }) => {
        const entity = ents.get(to);
        return entity ? [{ entity, ...n }] : [];
      });
    },

    async counts(): Promise<GraphCounts> {
      return db.read(async (r) => {
        const one = async (q: string) => Number((await r.query(q))[0]?.n ?? 0);
        return {
          documents: await one('MATCH (x:Document) RETURN count(*) AS n'),
          chunks: await one('MATCH (x:Chunk) RETURN count(*) AS n'),
          entities: await one('MATCH (x:Entity) RETURN count(*) AS n'),
          mentions: await one('MATCH ()-[x:MENTIONS]->() RETURN count(*) AS n'),
          evidence: await one('MATCH ()-[x:RELATED]->() RETURN count(*) AS n'),
          questions: await one('MATCH (x:AtomicQuestion) RETURN count(*) AS n'),
          communities: await one('MATCH (x:Community) RETURN count(*) AS n'),
        };
      });
    },
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
