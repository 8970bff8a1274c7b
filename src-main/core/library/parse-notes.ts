import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-file';

/**
 * How each document was read, kept beside the graph in `parse-notes.json` (small: a few fields a document),
 * so the library view can say it without reading the document again: the language its text is in, which
 * pages OCR read and how sure it was, and the reason a file failed before it was queued (not a PDF, locked).
 * Never holds a password: those are used once, in memory (ingest/parse-requests.ts).
 */
export interface ParseNote {
  language?: { code: string; name: string } | null;
  ocr?: {
    pages: number[];
    reason: 'no-text' | 'garbled' | 'mixed' | 'requested';
    confidence: number;
    language: string;
  } | null;
  /** A file refused at import, recorded as a failed document (its job never ran). */
  failedAtImport?: string | null;
}

export interface ParseNotes {
  get(documentId: string): ParseNote | undefined;
  /** Replaces a document's note (a document read again gets a new one); writes the file atomically. */
  put(documentId: string, note: ParseNote): Promise<void>;
  remove(documentId: string): Promise<void>;
}

export function openParseNotes(dataDir: string): ParseNotes {
  const file = path.join(dataDir, 'parse-notes.json');
  let current = new Map<string, ParseNote>();
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { documents?: Record<string, ParseNote> };
    current = new Map(Object.entries(raw.documents ?? {}));
  } catch {
    // Absent (a new library) or unreadable: notes are derived, the next reading writes them again.
  }
  let chain: Promise<unknown> = Promise.resolve();
  const write = (next: Map<string, ParseNote>) => {
    current = next;
    const body = JSON.stringify({ version: 1, documents: Object.fromEntries(next) });
    const done = chain.then(() => writeFileAtomic(file, body));
    chain = done.catch(() => undefined);
    return done;
  };
  return {
    get: (id) => current.get(id),
    put: (id, note) => write(new Map([...current, [id, note]])),
    remove: (id) => {
      if (!current.has(id)) return Promise.resolve();
      const next = new Map(current);
      next.delete(id);
      return write(next);
    },
  };
}
