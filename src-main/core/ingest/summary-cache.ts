/**
 * Library-view reads that do not queue behind ingestion writes. Kùzu serves reads and writes through one
 * serial queue, so `library:list` (a document query plus two count queries per document) waited behind
 * every write of a running ingest: a median of 28 s with 200 clients. The view's live parts (status,
 * stage, progress) come from the in-memory job queue anyway; the stored parts are cached here, keyed by
 * what changes them (the job's status, stage and chunk count; entity edits), and a value older than
 * `maxAgeMs` is served while a fresh one loads in the background.
 */
export function createReadCache<T>(maxAgeMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { key: string; at: number; value: Promise<T>; refreshing: boolean }>();

  function load(id: string, key: string, fn: () => Promise<T>) {
    const value = fn();
    const entry = { key, at: now(), value, refreshing: false };
    entries.set(id, entry);
    // A failed load is not kept: the next read tries again.
    value.catch(() => {
      if (entries.get(id) === entry) entries.delete(id);
    });
    return value;
  }

  return {
    /** The value for `id` under `key`: cached, stale-while-refreshing, or loaded now when the key moved. */
    get(id: string, key: string, fn: () => Promise<T>): Promise<T> {
      const e = entries.get(id);
      if (!e || e.key !== key) return load(id, key, fn);
      if (now() - e.at > maxAgeMs && !e.refreshing) {
        e.refreshing = true;
        const fresh = fn();
        fresh.then(
          (v) => {
            if (entries.get(id) === e)
              entries.set(id, { key, at: now(), value: Promise.resolve(v), refreshing: false });
          },
          () => (e.refreshing = false),
        );
      }
      return e.value;
    },
    drop(id: string) {
      entries.delete(id);
    },
    clear() {
      entries.clear();
    },
  };
}
