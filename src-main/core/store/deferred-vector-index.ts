import { AriadneError } from '../../contract/errors';
import type { EmbeddingInfo, VectorIndex } from './vector-index';

/** A vector index opened on its first use; every method of VectorIndex waits for that open. */
export interface DeferredVectorIndex extends VectorIndex {
  /** Opens the index now if nothing has yet; resolves when it is usable, rejects if the open failed. */
  ready(): Promise<void>;
  /** True from the start of an open until close; false again after an open that failed. */
  readonly opening: boolean;
}

/**
 * Defers opening a vector index until something reads or writes vectors. Opening LanceDB loads its native
 * module and Apache Arrow and opens every table — most of what `ariadne status` cost — although listing
 * documents or the queue reads only the graph. `open` runs once (again after a failed attempt); calls
 * that arrive meanwhile wait for it, in call order, so an opener that also reconciles the index with the
 * graph finishes before any write reaches the index.
 *
 * `embedding` answers the synchronous `embedding()` while nothing is open: the recorded model lives in the
 * library settings, not in the index, so asking for it must not open the index.
 */
export function deferVectorIndex(
  open: () => Promise<VectorIndex>,
  embedding: () => EmbeddingInfo | null,
): DeferredVectorIndex {
  let opened: VectorIndex | null = null;
  let pending: Promise<VectorIndex> | null = null;
  let closed: Promise<void> | null = null;

  const index = (): Promise<VectorIndex> => {
    if (closed) return Promise.reject(new AriadneError('internal', 'The vector store is closed.'));
    if (opened) return Promise.resolve(opened);
    pending ??= open().then(
      (v) => (opened = v),
      (e: unknown) => {
        // A failed open (a busy disk, a table being repaired) is tried again by the next call.
        pending = null;
        throw e;
      },
    );
    return pending;
  };

  return {
    get opening() {
      return pending !== null && closed === null;
    },
    ready: async () => void (await index()),
    embedding: () => opened?.embedding() ?? embedding(),
    setEmbedding: async (info, opts) => (await index()).setEmbedding(info, opts),
    upsert: async (name, rows) => (await index()).upsert(name, rows),
    deleteIds: async (name, ids) => (await index()).deleteIds(name, ids),
    deleteByDocument: async (docId) => (await index()).deleteByDocument(docId),
    search: async (name, vector, opts) => (await index()).search(name, vector, opts),
    textSearch: async (name, text, opts) => (await index()).textSearch(name, text, opts),
    hybridSearch: async (name, q) => (await index()).hybridSearch(name, q),
    listIds: async (name) => (await index()).listIds(name),
    rows: async (name) => (await index()).rows(name),
    count: async (name) => (await index()).count(name),
    // Nothing was written through an index that never opened, so there is nothing to wait for.
    flush: async () => (pending ? (await index()).flush() : undefined),
    close() {
      closed ??= (async () => {
        // An open under way finishes first, so its native handles are released, not leaked.
        const v = await pending?.catch(() => null);
        await v?.close();
      })();
      return closed;
    },
  };
}
