import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { writeFileAtomic } from './atomic-file';
import { contentId } from './content-id';

/** Content-addressed copies of imported files: the id is the sha256 of the bytes (and the Document id). */
export interface Originals {
  put(bytes: Uint8Array): Promise<string>;
  path(id: string): string;
  /** The stored copy's bytes. */
  read(id: string): Promise<Uint8Array>;
  has(id: string): boolean;
  remove(id: string): Promise<void>;
}

const ID = /^[0-9a-f]{64}$/;

export function openOriginals(dir: string): Originals {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (id: string) => {
    if (!ID.test(id)) throw new AriadneError('invalid_input', `Not an original id: ${id}`);
    // Fan out by the first byte so no directory grows to tens of thousands of entries.
    return path.join(dir, id.slice(0, 2), id);
  };
  return {
    async put(bytes) {
      const id = contentId(bytes);
      const file = pathOf(id);
      if (fs.existsSync(file)) return id;
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, bytes);
      return id;
    },
    path: pathOf,
    read: async (id) => new Uint8Array(await fs.promises.readFile(pathOf(id))),
    has: (id) => ID.test(id) && fs.existsSync(pathOf(id)),
    async remove(id) {
      await fs.promises.rm(pathOf(id), { force: true });
    },
  };
}
