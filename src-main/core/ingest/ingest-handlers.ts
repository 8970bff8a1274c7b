import fs from 'node:fs/promises';
import type { ApiHandlers } from '../../contract';
import { AriadneError } from '../../contract/errors';
import type { IngestService } from './ingest-service';
import { expandPaths, libraryOps, type ImportItem } from './library-ops';
import { passageBoxes } from './parse/passage-boxes';
import { kindOfFile } from './parse/parse-in-worker';
import { importZotero } from './zotero/zotero-import';

type LibraryHandlers = Pick<
  ApiHandlers,
  | 'library:list'
  | 'library:document'
  | 'library:import'
  | 'library:import-zotero'
  | 'library:delete'
  | 'library:reingest'
  | 'library:retry-failed'
  | 'library:file'
  | 'library:passage-boxes'
  | 'queue:status'
  | 'queue:pause'
  | 'queue:resume'
  | 'queue:cancel'
>;

/** The library:* and queue:* methods of the contract, over the ingest service. */
export function createIngestHandlers(
  svc: IngestService,
): LibraryHandlers & { ops: ReturnType<typeof libraryOps> } {
  const ops = libraryOps(svc);
  const ok = { ok: true as const };
  return {
    ops,
    'library:list': async () => ({ documents: await ops.list() }),
    'library:document': ({ documentId }) => ops.detail(documentId),
    async 'library:import'({ paths, files }) {
      const { items, rejected } = await expandPaths(paths ?? []);
      const uploads: ImportItem[] = (files ?? []).map((f) => ({
        fileName: f.name,
        originalPath: '',
        read: async () => new Uint8Array(Buffer.from(f.dataBase64, 'base64')),
      }));
      for (const f of uploads.filter((u) => !kindOfFile(u.fileName))) {
        rejected.push({ fileName: f.fileName, reason: 'unsupported file type (PDF, .txt or .md)' });
      }
      const res = await ops.importItems([...items, ...uploads.filter((u) => kindOfFile(u.fileName))]);
      return { added: res.added, rejected: [...rejected, ...res.rejected] };
    },
    'library:import-zotero': ({ source }) =>
      importZotero(source, {
        library: svc.ctx.library,
        clock: svc.ctx.clock,
        importItems: (items) => ops.importItems(items),
      }),
    'library:delete': async ({ documentId }) => (await ops.removeDocument(documentId), ok),
    'library:reingest': async ({ documentId }) => (await ops.reingest(documentId), ok),
    'library:retry-failed': async ({ documentId }) => (await ops.retryFailed(documentId), ok),
    async 'library:file'({ documentId }) {
      const d = await svc.ctx.library.graph.getDocument(documentId);
      if (!d || !svc.ctx.library.originals.has(documentId))
        throw new AriadneError('not_found', `No document ${documentId}.`);
      const bytes = await fs.readFile(svc.ctx.library.originals.path(documentId));
      return {
        fileName: d.fileName,
        kind: kindOfFile(d.fileName) ?? 'txt',
        dataBase64: bytes.toString('base64'),
      };
    },
    async 'library:passage-boxes'({ documentId, start, end }) {
      const geometry = await svc.ctx.library.geometry.read(documentId);
      return { boxes: geometry ? passageBoxes(geometry, start, end) : [] };
    },
    async 'queue:status'() {
      const jobs = svc.queue.list();
      const count = (...s: string[]) => jobs.filter((j) => s.includes(j.status)).length;
      const c = svc.runner.counters;
      return {
        paused: svc.paused,
        queued: count('queued'),
        running: count('running'),
        done: count('done'),
        failed: count('failed', 'partially_failed', 'dead_lettered'),
        capacity: svc.queue.capacity,
        counters: { schemaInvalid: c.schemaInvalid, upstreamErrors: c.upstreamErrors, llmCalls: c.llmCalls },
      };
    },
    'queue:pause': async () => (svc.scheduler.pause(), ok),
    'queue:resume': async () => (svc.scheduler.resume(), ok),
    'queue:cancel': async ({ documentId }) => (await ops.cancel(documentId), ok),
  };
}
