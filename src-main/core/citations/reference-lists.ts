import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../library/atomic-file';
import { parseReference, type ParsedReference } from './reference-fields';

const ID = /^[0-9a-f]{64}$/;

/**
 * Each document's reference list, read into fields at parse, one JSON file per document
 * (`reference-lists/<documentId>.json`) beside the graph: matching reads all of them whenever the library
 * changes, and a document read again overwrites its file. The graph keeps only the matches (CITES).
 */
export interface ReferenceLists {
  write(documentId: string, entries: string[]): Promise<void>;
  /** A document's parsed references, or null when it has none on file (read before lists were kept). */
  read(documentId: string): Promise<ParsedReference[] | null>;
  /** Document ids with a list on file. */
  ids(): Promise<string[]>;
  remove(documentId: string): Promise<void>;
}

export function openReferenceLists(dataDir: string): ReferenceLists {
  const dir = path.join(dataDir, 'reference-lists');
  const fileOf = (id: string) => (ID.test(id) ? path.join(dir, `${id}.json`) : null);
  return {
    async write(id, entries) {
      const file = fileOf(id);
      if (!file) return;
      await fs.promises.mkdir(dir, { recursive: true });
      await writeFileAtomic(file, JSON.stringify({ v: 1, references: entries.map(parseReference) }));
    },
    async read(id) {
      const file = fileOf(id);
      if (!file) return null;
      try {
        const body = JSON.parse(await fs.promises.readFile(file, 'utf8')) as {
          v?: number;
          references?: ParsedReference[];
        };
        return body.v === 1 && Array.isArray(body.references) ? body.references : null;
      } catch {
        return null;
      }
    },
    async ids() {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      return names
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -5))
        .filter((id) => ID.test(id));
    },
    async remove(id) {
      const file = fileOf(id);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}
