import type { GraphPort, GraphReader, GraphWriter } from '../graph-port';
import { AdjacencyIndex } from './adjacency-index';
import { walkReads } from './adjacency';
import { dumpGraph } from './canonical';
import { citationReads, citationWrites } from './citations';
import { communityReads, communityWrites } from './communities';
import { documentReads, documentWrites } from './documents';
import { entityReads, entityWrites } from './entities';
import { evidenceReads } from './evidence-reads';
import { evidenceWrites } from './evidence-writes';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { mergeReads, mergeWrites } from './merges';
import { tableReads } from './reads';
import { newTransactionState, type TransactionState } from './transaction-state';

/** A read outside any write transaction: nothing of its own to correct the store's reads with. */
const NOTHING_WRITTEN: TransactionState = newTransactionState();

function reader(r: KuzuRunner, index: AdjacencyIndex, written = NOTHING_WRITTEN): GraphReader {
  return {
    ...documentReads(r),
    ...entityReads(r),
    ...evidenceReads(r, written),
    ...walkReads(r, index),
    ...mergeReads(r),
    ...communityReads(r),
    ...tableReads(r),
    ...citationReads(r),
    dump: () => dumpGraph(r),
  };
}

function writer(r: KuzuRunner, index: AdjacencyIndex, tx: TransactionState): GraphWriter {
  return {
    ...reader(r, index, tx),
    ...documentWrites(r),
    ...entityWrites(r, tx.changed),
    ...evidenceWrites(r, tx),
    ...mergeWrites(r),
    ...communityWrites(r),
    ...citationWrites(r),
  };
}

/**
 * Kùzu behind the graph port. Every read and every transaction runs on the database's one serial queue
 * (kuzu-db.ts); walks read the in-memory adjacency (adjacency-index.ts), which each transaction marks for
 * the entities whose relationships it changed (once it ends: nothing reads the index meanwhile).
 */
export function kuzuPort(db: KuzuDb): GraphPort {
  const index = new AdjacencyIndex();
  return {
    read: (fn) => db.read((r) => fn(reader(r, index))),
    async write(fn, opts) {
      const tx = newTransactionState();
      try {
        return await db.write((r) => fn(writer(r, index, tx)), opts);
      } finally {
        // A rolled-back transaction changed nothing, but re-reading a few entities is harmless.
        index.markChanged(tx.changed);
      }
    },
    copyFilesTo: (dir) => db.copyTo(dir),
    close: () => db.close(),
  };
}
