import type { UiClient, UiOutput } from '../../api/rpc';

const ACCEPTED = /\.(pdf|txt|md)$/i;
/** The WebSocket refuses frames over 8 MB; base64 adds a third, so batches stay under ~6 MB of bytes. */
const MAX_BATCH_BYTES = 5.5 * 1024 * 1024;

export type ImportResult = UiOutput<'library:import'>;
export type ImportEstimate = UiOutput<'library:estimate'>;

/** Files of a drop, walking dropped folders in the browser (Electron gets folder paths directly). */
export async function filesFromDrop(dt: DataTransfer): Promise<File[]> {
  const entries = Array.from(dt.items)
    .map((i) => (i.kind === 'file' ? i.webkitGetAsEntry?.() : null))
    .filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return Array.from(dt.files);
  const out: File[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}

async function walk(entry: FileSystemEntry, out: File[]): Promise<void> {
  if (entry.isFile) {
    out.push(await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej)));
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns at most ~100 entries per call: keep reading until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
    if (batch.length === 0) break;
    for (const e of batch) await walk(e, out);
  }
}

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error(`Could not read ${file.name}`));
    r.readAsDataURL(file);
  });
}

/**
 * What importing the files would cost, asked before they are imported. In Electron the backend reads them
 * by path; in the browser it gets names and sizes, and the first file's bytes so that a model never timed
 * can be timed on its first passage.
 */
export async function estimateFiles(api: UiClient, files: File[]): Promise<ImportEstimate | null> {
  const bridge = window.api;
  const paths = bridge ? files.map((f) => bridge.pathForFile(f)).filter(Boolean) : [];
  if (paths.length > 0) return api.call('library:estimate', { paths });
  // What the import below will upload; the rest it rejects, at no cost.
  const [head, ...rest] = files.filter((f) => ACCEPTED.test(f.name) && f.size <= MAX_BATCH_BYTES);
  if (!head) return null;
  const first = { name: head.name, size: head.size, dataBase64: await toBase64(head) };
  return api.call('library:estimate', {
    files: [first, ...rest.map((f) => ({ name: f.name, size: f.size }))],
  });
}

/**
 * Imports dropped or picked files. In Electron the backend reads the files (and whole folders) from disk
 * by path; in the browser the bytes travel as base64 in batches the WebSocket accepts.
 */
export async function importFiles(api: UiClient, files: File[]): Promise<ImportResult> {
  const result: ImportResult = { added: [], rejected: [], failed: [] };
  const bridge = window.api;
  const paths = bridge ? files.map((f) => bridge.pathForFile(f)).filter(Boolean) : [];
  if (paths.length > 0) return api.call('library:import', { paths });

  const wanted: File[] = [];
  for (const f of files) {
    if (!ACCEPTED.test(f.name))
      result.rejected.push({ fileName: f.name, reason: 'not a PDF, .txt or .md file' });
    else if (f.size > MAX_BATCH_BYTES)
      result.rejected.push({
        fileName: f.name,
        reason:
          'too large to upload through the browser; add it with the desktop app or the command "ariadne ingest <file>"',
      });
    else wanted.push(f);
  }
  let batch: File[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const payload = await Promise.all(
      batch.map(async (f) => ({ name: f.name, dataBase64: await toBase64(f) })),
    );
    const r = await api.call('library:import', { files: payload });
    result.added.push(...r.added);
    result.rejected.push(...r.rejected);
    result.failed?.push(...(r.failed ?? []));
    batch = [];
    bytes = 0;
  };
  for (const f of wanted) {
    if (bytes + f.size > MAX_BATCH_BYTES || batch.length >= 50) await flush();
    batch.push(f);
    bytes += f.size;
  }
  await flush();
  return result;
}
