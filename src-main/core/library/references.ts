import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-file';
import { setAsideName } from './settings';

/**
 * Bibliographic metadata that came with a document from a reference manager (Zotero). A curated record is
 * better than anything read off a PDF's first page, so it wins over parsed metadata. Kept beside the graph in
 * `references.json`, keyed by the document's content id, so re-reading a document keeps it and a re-import
 * recognises items it already has by their Zotero key.
 */
/** What a reference manager knows about an item, whatever its export format. */
export interface ReferenceMetadata {
  /** Zotero's 8-character item key (or the citation key of a BibTeX/CSL export without one). */
  itemKey: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  tags: string[];
  collections: string[];
  /** Where it was published, when the reference manager knows: for BibTeX's journal, volume, number, pages. */
  journal?: string | null;
  volume?: string | null;
  issue?: string | null;
  pages?: string | null;
  url?: string | null;
}

export interface ReferenceRecord extends ReferenceMetadata {
  source: 'zotero';
  importedAt: number;
}

export interface ReferenceStore {
  get(documentId: string): ReferenceRecord | undefined;
  /** The document that came from this Zotero item, if any. */
  byItemKey(itemKey: string): string | undefined;
  all(): Map<string, ReferenceRecord>;
  /** Adds or replaces records and writes the file atomically; concurrent calls apply in order. */
  put(records: Map<string, ReferenceRecord>): Promise<void>;
  remove(documentId: string): Promise<void>;
}

export function openReferences(dataDir: string): ReferenceStore {
  const file = path.join(dataDir, 'references.json');
  let current = new Map<string, ReferenceRecord>();
  if (fs.existsSync(file)) {
    try {
      const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        documents?: Record<string, ReferenceRecord>;
      };
      current = new Map(Object.entries(raw.documents ?? {}));
    } catch {
      // As settings.json (settings.ts): kept aside, not a reason for every command to fail.
      fs.renameSync(file, setAsideName(file));
    }
  }
  const keys = () => new Map([...current].map(([doc, r]) => [r.itemKey, doc]));
  let byKey = keys();
  let chain: Promise<unknown> = Promise.resolve();
  const write = (next: Map<string, ReferenceRecord>) => {
    const done = chain.then(async () => {
      const body = { version: 1, documents: Object.fromEntries(next) };
      await writeFileAtomic(file, JSON.stringify(body, null, 2) + '\n');
      current = next;
      byKey = keys();
    });
    chain = done.catch(() => undefined);
    return done;
  };
  return {
    get: (id) => current.get(id),
    byItemKey: (k) => byKey.get(k),
    all: () => new Map(current),
    put: (records) => write(new Map([...current, ...records])),
    remove: (id) => {
      if (!current.has(id)) return Promise.resolve();
      const next = new Map(current);
      next.delete(id);
      return write(next);
    },
  };
}
