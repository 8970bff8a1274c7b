import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { writeFileAtomic } from './atomic-file';
import { contentId } from './content-id';

/** What the library knew of an original when it was imported: enough to read it again without the graph. */
export interface OriginalRecord {
  id: string;
  fileName: string;
  originalPath: string;
}

/**
 * Content-addressed copies of imported files: the id is the sha256 of the bytes (and the Document id).
 * Beside them, `index.ndjson` lists every original as it was imported (file name and path, in import
 * order) and every removal: with a damaged graph, this is what `repair` reads the library back from.
 */
export interface Originals {
  put(bytes: Uint8Array, record?: Omit<OriginalRecord, 'id'>): Promise<string>;
  path(id: string): string;
  /** The stored copy's bytes. */
  read(id: string): Promise<Uint8Array>;
  has(id: string): boolean;
  remove(id: string): Promise<void>;
  /** The originals the index lists and that are on disk, in the order they were first imported. */
  recorded(): OriginalRecord[];
}

const ID = /^[0-9a-f]{64}$/;

export function openOriginals(dir: string): Originals {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (id: string) => {
    if (!ID.test(id)) throw new AriadneError('invalid_input', `Not an original id: ${id}`);
    // Fan out by the first byte so no directory grows to tens of thousands of entries.
    return path.join(dir, id.slice(0, 2), id);
  };
  const index = path.join(dir, 'index.ndjson');
  const note = (line: object) => fs.promises.appendFile(index, `${JSON.stringify(line)}\n`);
  const has = (id: string) => ID.test(id) && fs.existsSync(pathOf(id));
  return {
    async put(bytes, record) {
      const id = contentId(bytes);
      const file = pathOf(id);
      if (!fs.existsSync(file)) {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await writeFileAtomic(file, bytes);
      }
      if (record) await note({ id, fileName: record.fileName, originalPath: record.originalPath });
      return id;
    },
    path: pathOf,
    read: async (id) => new Uint8Array(await fs.promises.readFile(pathOf(id))),
    has,
    async remove(id) {
      await fs.promises.rm(pathOf(id), { force: true });
      await note({ id, removed: true });
    },
    recorded() {
      const byId = new Map<string, OriginalRecord>();
      let text = '';
      try {
        text = fs.readFileSync(index, 'utf8');
      } catch {
        return [];
      }
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          const r = JSON.parse(line) as Partial<OriginalRecord> & { removed?: boolean };
          if (typeof r.id !== 'string') continue;
          if (r.removed) byId.delete(r.id);
          else if (!byId.has(r.id))
            byId.set(r.id, {
              id: r.id,
              fileName: String(r.fileName ?? r.id),
              originalPath: String(r.originalPath ?? ''),
            });
        } catch {
          // A line cut short by a kill names nothing.
        }
      }
      return [...byId.values()].filter((r) => has(r.id));
    },
  };
}
