import fs from 'node:fs/promises';
import path from 'node:path';
import { AriadneError } from '../../../contract/errors';
import type { ZoteroImportResult } from '../../../contract/library';
import { contentId } from '../../library/content-id';
import type { Library } from '../../library';
import type { ReferenceRecord } from '../../library/references';
import type { ImportItem } from '../expand-paths';
import { kindOfFile } from '../parse/parse-in-worker';
import { readBibtexExport, readCslJsonExport } from './read-exports';
import { readZoteroSqlite } from './read-zotero-sqlite';
import type { ZoteroItem } from './zotero-item';

export interface ZoteroImportDeps {
  library: Library;
  clock: { now(): number };
  importItems(items: ImportItem[]): Promise<{
    added: { id: string; fileName: string; duplicate: boolean }[];
    rejected: { fileName: string; reason: string }[];
    failed?: { id: string; fileName: string; reason: string }[];
  }>;
}

/** A Zotero data folder (zotero.sqlite + storage/), a Better BibTeX .bib or a CSL-JSON .json export. */
export async function readZoteroSource(source: string): Promise<ZoteroItem[]> {
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new AriadneError('not_found', `${source} does not exist.`);
  if (stat.isDirectory()) return readZoteroSqlite(source);
  const ext = path.extname(source).toLowerCase();
  if (ext === '.bib') return readBibtexExport(source);
  if (ext === '.json') return readCslJsonExport(source);
  if (path.basename(source) === 'zotero.sqlite') return readZoteroSqlite(path.dirname(source));
  throw new AriadneError(
    'invalid_input',
    `${path.basename(source)} is not a Zotero source: give Zotero's data folder, a .bib or a CSL-JSON .json export.`,
  );
}

/**
 * Imports the PDFs of a Zotero library with their Zotero metadata (title, authors, year, DOI, tags,
 * collections) and item keys. Items already imported (by key) are skipped, so a second import adds nothing;
 * a PDF already in the library (same content) gets the Zotero record without being read again.
 */
export async function importZotero(source: string, deps: ZoteroImportDeps): Promise<ZoteroImportResult> {
  const items = await readZoteroSource(source);
  const { library } = deps;
  const result: ZoteroImportResult = {
    items: items.length,
    added: [],
    known: 0,
    updated: 0,
    withoutFile: [],
    rejected: [],
  };
  const records = new Map<string, ReferenceRecord>();
  const toImport: ImportItem[] = [];
  for (const it of items) {
    if (library.references.byItemKey(it.itemKey)) {
      result.known++;
      continue;
    }
    const file = it.files.find((f) => kindOfFile(f));
    if (!file) {
      result.withoutFile.push(it.title || it.itemKey);
      continue;
    }
    const bytes = new Uint8Array(await fs.readFile(file));
    const id = contentId(bytes);
    // Recorded before the file is queued, so the parse step already finds the curated metadata.
    const { files: _files, ...metadata } = it;
    records.set(id, { source: 'zotero', ...metadata, importedAt: deps.clock.now() });
    toImport.push({ fileName: path.basename(file), originalPath: file, read: async () => bytes });
  }
  await library.references.put(records);
  const res = await deps.importItems(toImport);
  result.rejected = [
    ...res.rejected,
    ...(res.failed ?? []).map((f) => ({ fileName: f.fileName, reason: f.reason })),
  ];
  for (const a of res.added) {
    result.added.push({ ...a, itemKey: records.get(a.id)?.itemKey ?? '' });
    // Already read before: apply the Zotero metadata now rather than waiting for a re-read.
    const doc = a.duplicate ? await library.graph.getDocument(a.id) : null;
    const ref = records.get(a.id);
    if (doc && ref && doc.status !== 'queued' && doc.status !== 'running') {
      await library.graph.upsertDocument({
        ...doc,
        title: ref.title || doc.title,
        authors: ref.authors.length ? ref.authors : doc.authors,
        year: ref.year ?? doc.year,
        doi: ref.doi ?? doc.doi,
      });
    }
    // A file already in the library: nothing new to read, its record now carries Zotero's metadata.
    if (a.duplicate && ref) result.updated = (result.updated ?? 0) + 1;
  }
  return result;
}
