import type { DocumentDetail } from '../../contract';
import type { Core } from '../../core/create-core';
import { printable } from '../printable';
import { type PasswordSource, isLocked, wrongPassword } from '../pdf-password';
import { noCtx, waitForDocuments } from './ingest-report';

/**
 * Gives each locked document of this run the source's password: the library reads it again with it, in
 * the queue beside the others. Returns the documents it asked to read again. A password given once goes
 * to every locked file of the run (a batch from one publisher often shares one).
 */
export async function unlockLocked(
  core: Core,
  locked: DocumentDetail[],
  source: PasswordSource,
  again: boolean,
): Promise<string[]> {
  const sent: string[] = [];
  for (const d of locked) {
    const password = await source.passwordFor(printable(d.fileName), again);
    if (password === null) continue;
    await core.handlers['library:unlock']({ documentId: d.id, password }, noCtx());
    sent.push(d.id);
  }
  return sent;
}

/**
 * Waits for the run's documents, first giving the locked ones the password when there is a source. A
 * wrong password typed at the prompt is asked for again (twice at most); one from stdin or the
 * environment cannot change, so its document is reported with what to do.
 */
export async function waitUnlocking(
  core: Core,
  ids: string[],
  source: PasswordSource | null,
  tty: boolean,
): Promise<DocumentDetail[]> {
  if (source) {
    const now = await Promise.all(
      ids.map((id) => core.handlers['library:document']({ documentId: id }, noCtx())),
    );
    await unlockLocked(core, now.filter(isLocked), source, false);
  }
  let details = await waitForDocuments(core, ids, tty);
  for (let round = 0; source?.asks && round < 2; round++) {
    const sent = await unlockLocked(core, details.filter(wrongPassword), source, true);
    if (!sent.length) break;
    details = await waitForDocuments(core, ids, tty);
  }
  return details;
}
