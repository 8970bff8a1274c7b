import type { Clock, Logger } from '../../deps';
import type { OpenedGraph } from '../backend-types';
import { createGraphStore } from '../domain/create-graph-store';
import { openKuzu } from './kuzu-db';
import { kuzuPort } from './kuzu-port';
import { queueRecordOps } from './queue-records';
import { registerKuzuStore } from './raw-query';
import { migrate } from './schema';

/**
 * Opens a library's Kùzu database: the graph (the domain over the Kùzu port) and the queue records kept in
 * the same database, so a job and the evidence it wrote live and commit in one place.
 */
export async function openKuzuGraph(
  path: string,
  deps: { clock: Clock; log: Logger; checkpointWalBytes?: number },
): Promise<OpenedGraph> {
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
  const graph = createGraphStore(kuzuPort(db), deps.clock);
  registerKuzuStore(graph, (cypher, params) => db.read((r) => r.query(cypher, params)));
  return { graph, jobs: queueRecordOps(db, deps.clock) };
}
