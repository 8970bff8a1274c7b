import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { GEOMETRY_STRIDE, RUN_STRIDE, type TextGeometry } from './geometry';
import { writeFileAtomic } from './atomic-file';

/**
 * Where each line of a parsed PDF was printed, one JSON file per document (`geometry/<documentId>.json`),
 * beside the graph rather than in it: it is only read when the viewer highlights a passage, and a document
 * read again simply overwrites its file. A missing file (text documents, libraries made before it existed)
 * means the viewer falls back to finding the quote's words on the page.
 */
export interface GeometryFiles {
  write(documentId: string, geometry: TextGeometry): Promise<void>;
  /** The document's geometry, or null when there is none (or the file is unreadable). */
  read(documentId: string): Promise<TextGeometry | null>;
  remove(documentId: string): Promise<void>;
}

const ID = /^[0-9a-f]{64}$/;

/** The file's shape: a version, so a later layout can be told apart, and the flat numbers. */
interface GeometryFile {
  v: 1;
  lines: number[];
  runs?: number[];
}

const numbers = (xs: unknown, stride: number): xs is number[] =>
  Array.isArray(xs) &&
  xs.length % stride === 0 &&
  xs.every((n) => typeof n === 'number' && Number.isFinite(n));

function isGeometryFile(x: unknown): x is GeometryFile {
  const f = x as Partial<GeometryFile> | null;
  return (
    !!f &&
    f.v === 1 &&
    numbers(f.lines, GEOMETRY_STRIDE) &&
    (f.runs === undefined || numbers(f.runs, RUN_STRIDE))
  );
}

export function openGeometryFiles(dir: string): GeometryFiles {
  const fileOf = (id: string) => {
    if (!ID.test(id)) throw new AriadneError('invalid_input', `Not a document id: ${id}`);
    return path.join(dir, `${id}.json`);
  };
  return {
    async write(id, geometry) {
      const file = fileOf(id);
      await fs.promises.mkdir(dir, { recursive: true });
      const body: GeometryFile = {
        v: 1,
        lines: geometry.lines,
        ...(geometry.runs ? { runs: geometry.runs } : {}),
      };
      await writeFileAtomic(file, JSON.stringify(body));
    },
    async read(id) {
      if (!ID.test(id)) return null;
      const raw = await fs.promises.readFile(fileOf(id), 'utf8').catch(() => null);
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!isGeometryFile(parsed)) return null;
        return parsed.runs ? { lines: parsed.lines, runs: parsed.runs } : { lines: parsed.lines };
      } catch {
        return null;
      }
    },
    async remove(id) {
      if (ID.test(id)) await fs.promises.rm(fileOf(id), { force: true });
    },
  };
}
