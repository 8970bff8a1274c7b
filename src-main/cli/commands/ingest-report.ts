import type { DocumentDetail, IngestProgress } from '../../contract';
import type { Core } from '../../core/create-core';
import { printable } from '../printable';
import { readingNote } from '../reading-note';
import { isLocked, lockedHint, wrongPassword } from '../pdf-password';

export const noCtx = () => ({ signal: new AbortController().signal, emit: () => undefined });

function bar(p: IngestProgress[]): string {
  const done = p.reduce((n, x) => n + x.chunksDone + x.chunksFailed, 0);
  const total = p.reduce((n, x) => n + x.chunksTotal, 0) || 1;
  const finished = p.filter((x) => !['queued', 'running'].includes(x.status)).length;
  const width = 30;
  const fill = Math.round((done / total) * width);
  const eta = Math.max(0, ...p.map((x) => x.etaMs ?? 0));
  return `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${finished}/${p.length} documents, ${done}/${total} chunks${eta ? `, ~${Math.ceil(eta / 1000)} s left` : ''}`;
}

/** Waits for the documents' jobs, drawing a progress bar on a terminal; returns their details. */
export async function waitForDocuments(core: Core, ids: string[], tty: boolean): Promise<DocumentDetail[]> {
  const latest = new Map<string, IngestProgress>();
  const off = core.events.subscribe((name, payload) => {
    if (name !== 'ingest:progress') return;
    const p = payload as IngestProgress;
    if (!ids.includes(p.documentId)) return;
    latest.set(p.documentId, p);
    if (tty) process.stderr.write(`\r${bar([...latest.values()])}\x1b[K`);
  });
  try {
    await core.ingest.waitFor(ids);
  } finally {
    off();
  }
  if (tty) process.stderr.write('\n');
  return Promise.all(
    [...new Set(ids)].map((id) => core.handlers['library:document']({ documentId: id }, noCtx())),
  );
}

/** One line per document (and per failed passage), file names made safe for the terminal. */
export function printDocuments(
  details: DocumentDetail[],
  notes: Map<string, string> = new Map(),
  rejected: { fileName: string; reason: string }[] = [],
  /** Where this run's PDF password came from, if one was given. */
  passwordFrom?: string,
): void {
  for (const d of details) {
    process.stdout.write(
      `${d.status.padEnd(16)} ${printable(d.fileName)}${notes.get(d.id) ?? ''}: ${d.chunksDone}/${d.chunksTotal} chunks, ${d.entities} entities, ${d.relationships} relationships${readingNote(d)}` +
        `${d.chunkErrors.length ? `, ${d.chunkErrors.length} errors` : ''}\n`,
    );
    for (const e of d.chunkErrors)
      process.stdout.write(
        `    chunk ${e.chunkIndex} ${e.step} (${e.attempts} attempts): ${printable(e.error)}\n`,
      );
    if (d.error && d.status !== 'done') process.stdout.write(`    ${printable(d.error)}\n`);
    if (isLocked(d))
      process.stdout.write(`    ${lockedHint(printable(d.fileName), wrongPassword(d), passwordFrom)}\n`);
  }
  for (const r of rejected)
    process.stdout.write(`${'rejected'.padEnd(16)} ${printable(r.fileName)}: ${printable(r.reason)}\n`);
}

/** Asks the service to retry a partially failed document's failed passages; false if there is nothing to retry. */
export async function retryFailedPassages(core: Core, d: DocumentDetail): Promise<boolean> {
  if (d.status !== 'partially_failed') return false;
  await core.handlers['library:retry-failed']({ documentId: d.id }, noCtx());
  return true;
}
