import type { ApiHandlers } from '../../contract';
import type { IngestService } from './ingest-api';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { expandPaths, type ImportItem } from './expand-paths';
import type { EstimateItem } from './estimate/precount';
import { passageBoxes } from './parse/passage-boxes';
import { kindOfFile } from './parse/parse-in-worker';
import { uploadFileName } from '../control-chars';

type LibraryHandlers = Pick<
  ApiHandlers,
  | 'library:list'
  | 'library:document'
  | 'library:import'
  | 'library:estimate'
  | 'library:import-zotero'
  | 'library:delete'
  | 'library:reingest'
  | 'library:retry-failed'
  | 'library:file'
  | 'library:passage-boxes'
  | 'library:unlock'
  | 'library:read-with-ocr'
  | 'queue:status'
  | 'queue:pause'
  | 'queue:resume'
  | 'queue:cancel'
>;

/** The library:* and queue:* methods of the contract, over the ingest service's operations. */
export function createIngestHandlers(svc: IngestService): LibraryHandlers {
  const ok = { ok: true as const };
  return {
    'library:list': async () => ({ documents: await svc.list() }),
    'library:document': ({ documentId }) => svc.detail(documentId),
    async 'library:import'({ paths, files }) {
      const { items, rejected } = await expandPaths(paths ?? []);
      const uploads: ImportItem[] = (files ?? []).map((f) => ({
        fileName: uploadFileName(f.name),
        originalPath: '',
        // What base64 decodes to, before it is decoded.
        size: Math.floor((f.dataBase64.length * 3) / 4),
        read: async () => new Uint8Array(Buffer.from(f.dataBase64, 'base64')),
      }));
      for (const f of uploads.filter((u) => !kindOfFile(u.fileName))) {
        rejected.push({ fileName: f.fileName, reason: 'unsupported file type (PDF, .txt or .md)' });
      }
      const res = await svc.importItems([...items, ...uploads.filter((u) => kindOfFile(u.fileName))]);
      return { added: res.added, rejected: [...rejected, ...res.rejected], failed: res.failed ?? [] };
    },
    async 'library:estimate'({ paths, files, probe }) {
      // The same walk as an import, so the estimate covers exactly the files the import would take.
      const { items, rejected } = await expandPaths(paths ?? []);
      const sized: EstimateItem[] = [];
      for (const i of items)
        sized.push({
          ...i,
          chunks: () => createReadStream(i.originalPath, { highWaterMark: 1 << 20 }),
          size: await fs.stat(i.originalPath).then(
            (st) => st.size,
            () => 0,
          ),
        });
      for (const f of files ?? []) {
        if (!kindOfFile(f.name)) {
          rejected.push({
            fileName: uploadFileName(f.name),
            reason: 'unsupported file type (PDF, .txt or .md)',
          });
          continue;
        }
        const data = f.dataBase64;
        sized.push({
          fileName: uploadFileName(f.name),
          size: f.size,
          read: data === undefined ? undefined : async () => new Uint8Array(Buffer.from(data, 'base64')),
        });
      }
      return { ...(await svc.estimate(sized, { probe })), rejected };
    },
    'library:import-zotero': ({ source }) => svc.importZotero(source),
    'library:delete': async ({ documentId }) => (await svc.remove(documentId), ok),
    'library:reingest': async ({ documentId }) => (await svc.reingest(documentId), ok),
    'library:unlock': async ({ documentId, password }) => (await svc.reread(documentId, { password }), ok),
    'library:read-with-ocr': async ({ documentId }) => (await svc.reread(documentId, { ocr: 'all' }), ok),
    'library:retry-failed': async ({ documentId }) => (await svc.retry([documentId]), ok),
    async 'library:file'({ documentId }) {
      const f = await svc.originalFile(documentId);
      return { fileName: f.fileName, kind: f.kind, dataBase64: Buffer.from(f.bytes).toString('base64') };
    },
    async 'library:passage-boxes'({ documentId, start, end }) {
      const geometry = await svc.documentGeometry(documentId);
      return { boxes: geometry ? passageBoxes(geometry, start, end) : [] };
    },
    'queue:status': async () => svc.status(),
    'queue:pause': async () => (svc.pause(), ok),
    'queue:resume': async () => (svc.resume(), ok),
    'queue:cancel': async ({ documentId }) => (await svc.cancel(documentId), ok),
  };
}
