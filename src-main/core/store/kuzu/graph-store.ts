import type { Clock, Logger } from '../../deps';
import { AdjacencyIndex } from './adjacency-index';
import { openKuzu, type KuzuDb } from './kuzu-db';
import { migrate } from './schema';
import { documentOps } from './documents';
import { evidenceOps } from './evidence';
import { entityQueries } from './entities';
import { entityListQueries } from './entity-list';
import { pathQueries } from './paths';
import { subgraphQueries } from './subgraph';
import { extraOps } from './extras';
import { deleteOps } from './delete';
import { mergeOps } from './merge';
import { entityEditOps } from './entity-edits';
import { queueRecordOps } from './queue-records';
import { readOps } from './reads';
import { evidenceLinkOps } from './evidence-links';
import { canonicalOps } from './canonical';
import type { GraphStore } from '../graph-store';
import type { JobStore } from '../job-store';
import type { GraphIdKind } from '../types';
import type { Row } from './kuzu-db';
import { registerKuzuStore } from './raw-query';

/** Kùzu keeps the graph and the queue records in one database, so one object serves as both stores. */
export interface KuzuGraphStore extends GraphStore, JobStore {
  /** Read-only Cypher on the read connection: only through kuzuQuery (raw-query.ts), for Kùzu-only tests. */
  query(cypher: string, params?: Record<string, unknown>): Promise<Row[]>;
}

function idOps(db: KuzuDb) {
  const label: Record<GraphIdKind, string> = {
    chunks: 'Chunk',
    entities: 'Entity',
    questions: 'AtomicQuestion',
    communities: 'Community',
  };
  return {
    /** Every id of one kind (for reconciliation with the vector tables). */
    async listIds(kind: GraphIdKind): Promise<string[]> {
      const rows = await db.read((r) => r.query(`MATCH (x:${label[kind]}) RETURN x.id AS id`));
      return rows.map((x) => String(x.id));
    },
  };
}

function build(db: KuzuDb, clock: Clock): KuzuGraphStore {
  const adjacency = new AdjacencyIndex();
  return {
    ...documentOps(db, clock, adjacency),
    ...evidenceOps(db, clock, adjacency),
    ...entityQueries(db, adjacency),
    ...entityListQueries(db),
    ...pathQueries(db, adjacency),
    ...subgraphQueries(db, adjacency),
    ...extraOps(db, clock),
    ...deleteOps(db, adjacency),
    ...mergeOps(db, clock, adjacency),
    ...entityEditOps(db, adjacency),
    ...queueRecordOps(db, clock),
    ...idOps(db),
    ...readOps(db),
    ...evidenceLinkOps(db),
    ...canonicalOps(db),
    /** Every entity and every related pair with its evidence count, each pair once (community detection). */
    entityGraph: () =>
      db.read(async (r) => {
        const index = await adjacency.ready(r);
        return { entities: index.entityIds(), pairs: index.pairs() };
      }),
    query: (cypher: string, params?: Record<string, unknown>) => db.read((r) => r.query(cypher, params)),
    copyFilesTo: (dir: string) => db.copyTo(dir),
    close: () => db.close(),
  };
}

export async function openGraphStore(
  path: string,
  deps: { clock: Clock; log: Logger; checkpointWalBytes?: number },
): Promise<KuzuGraphStore> {
  const db = await openKuzu(path, {
    checkpointWalBytes: deps.checkpointWalBytes,
    onRestored: () =>
      deps.log.log('warn', 'the last checkpoint was interrupted; restored the graph from its backup', {
        path,
      }),
  });
  try {
    const { from, to } = await migrate(db);
    if (from !== to) deps.log.log('info', 'graph schema migrated', { from, to });
  } catch (e) {
    await db.close();
    throw e;
  }
  return registerKuzuStore(build(db, deps.clock));
}
