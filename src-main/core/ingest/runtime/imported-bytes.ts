/**
 * The bytes of files this process imported and has not parsed yet, handed from the import to the parse so a
 * dropped document is read from disk once: the import reads it (to hash it and keep its copy), and its job
 * used to read the copy back moments later. Bounded: past `maxBytes` the oldest are forgotten (their job
 * reads the library's copy, as after a restart), and a file larger than a quarter of it is never kept.
 */
export interface ImportedBytes {
  keep(docId: string, bytes: Uint8Array): void;
  /** The kept bytes, once: they are forgotten as they are handed over. */
  take(docId: string): Uint8Array | undefined;
  forget(docId: string): void;
}

export function createImportedBytes(maxBytes = 64 * 1024 * 1024): ImportedBytes {
  const kept = new Map<string, Uint8Array>();
  let total = 0;
  const forget = (id: string) => {
    const b = kept.get(id);
    if (!b) return;
    kept.delete(id);
    total -= b.byteLength;
  };
  return {
    keep(id, bytes) {
      forget(id);
      if (bytes.byteLength > maxBytes / 4) return;
      kept.set(id, bytes);
      total += bytes.byteLength;
      // Insertion order: the oldest import goes first.
      for (const old of kept.keys()) {
        if (total <= maxBytes) break;
        forget(old);
      }
    },
    take(id) {
      const b = kept.get(id);
      forget(id);
      return b;
    },
    forget,
  };
}
