/**
 * Library-view reads that do not queue behind ingestion writes. Kùzu serves reads and writes through one
 * serial queue, so `library:list` (a document query plus two count queries per document) waited behind
 * every write of a running ingest: a median of 28 s with 200 clients. The view's live parts (status,
 * stage, progress) come from the in-memory job queue anyway; the stored parts are cached here, keyed by
 * what changes them (the job's status, stage and chunk count; entity edits), and a value older than
 * `maxAgeMs` is served while a fresh one loads in the background. While a job runs, a value from its
 * previous stage is served the same way: 50 clients each waiting for the reload at every stage change
 * were the slowest 6% of calls.
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
    /**
     * The value for `id` under `key`: cached; or stale while a refresh runs (older than `maxAgeMs`, or
     * under an older key when `staleOk`); or loaded now when the key moved and stale is not acceptable.
     */
    get(id: string, key: string, fn: () => Promise<T>, staleOk = false): Promise<T> {
      const e = entries.get(id);
      if (!e || (e.key !== key && !staleOk)) return load(id, key, fn);
      if ((e.key !== key || now() - e.at > maxAgeMs) && !e.refreshing) {
        e.refreshing = true;
        fn().then(
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
