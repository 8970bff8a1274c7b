import type { GraphReader, GraphWriter, MergeRow } from '../graph-port';
import type { KuzuRunner, Row } from './kuzu-db';

const toMerge = (x: Row): MergeRow => ({
  id: String(x.id),
  survivorId: String(x.s),
  mergedId: String(x.m),
  mergedKey: String(x.k),
  at: Number(x.at),
  undoneAt: x.u == null ? null : Number(x.u),
});
const MERGE_COLS =
  'm.id AS id, m.survivorId AS s, m.mergedId AS m, m.mergedKey AS k, m.at AS at, m.undoneAt AS u';

/** Recorded merges (EntityMerge nodes), read. */
export const mergeReads = (r: KuzuRunner): Pick<GraphReader, 'merges' | 'mergeWithSnapshot'> => ({
  async merges(f) {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (f.active) where.push('m.undoneAt IS NULL');
    if (f.entityId) {
      where.push('(m.survivorId = $e OR m.mergedId = $e)');
      params.e = f.entityId;
    }
    if (f.mergedKeys) {
      if (!f.mergedKeys.length) return [];
      where.push('m.mergedKey IN $keys');
      params.keys = f.mergedKeys;
    }
    if (f.mergedIds) {
      if (!f.mergedIds.length) return [];
      where.push('m.mergedId IN $ids');
      params.ids = f.mergedIds;
    }
    const rows = await r.query(
      `MATCH (m:EntityMerge) ${where.length ? `WHERE ${where.join(' AND ')}` : ''} RETURN ${MERGE_COLS}`,
      params,
    );
    return rows.map(toMerge);
  },

  async mergeWithSnapshot(id) {
    const [x] = await r.query(`MATCH (m:EntityMerge {id: $id}) RETURN ${MERGE_COLS}, m.snapshot AS snap`, {
      id,
    });
    return x ? { ...toMerge(x), snapshot: String(x.snap) } : null;
  },
});

/** Recorded merges, written. */
export const mergeWrites = (r: KuzuRunner): Pick<GraphWriter, 'insertMerge' | 'setMergeUndone'> => ({
  async insertMerge(m) {
    await r.query(
      `CREATE (:EntityMerge {id: $id, survivorId: $survivorId, mergedId: $mergedId, mergedKey: $mergedKey, at: $at,
         snapshot: $snapshot})`,
      {
        id: m.id,
        survivorId: m.survivorId,
        mergedId: m.mergedId,
        mergedKey: m.mergedKey,
        at: m.at,
        snapshot: m.snapshot,
      },
    );
  },

  async setMergeUndone(id, at) {
    await r.query('MATCH (m:EntityMerge {id: $id}) SET m.undoneAt = $now', { id, now: at });
  },
});
