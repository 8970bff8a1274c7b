import { AriadneError } from '../../../contract/errors';
import { onAbort } from '../../abort-listener';
import type { Job } from '../queue/types';

const before = (a: Job, b: Job) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

/**
 * Commits (resolution + evidence) happen one at a time and in queue order: a document resolves against
 * exactly the documents queued before it, so the same files give the same graph on every run, however the
 * extraction calls interleaved. A job waits only for earlier jobs that are still running.
 */
export function createCommitTurns(running: () => Job[]) {
  const waiters: { job: Job; grant: () => void }[] = [];
  let busy = false;
  const grant = () => {
    if (busy) return;
    const waiting = new Set(waiters.map((w) => w.job.id));
    const runningNow = running();
    const ready = waiters
      .filter((w) => !runningNow.some((j) => before(j, w.job) && !waiting.has(j.id)))
      .sort((a, b) => (before(a.job, b.job) ? -1 : 1))[0];
    if (!ready) return;
    waiters.splice(waiters.indexOf(ready), 1);
    busy = true;
    ready.grant();
  };
  return {
    /** Call when a job stops running (it may have been the one others waited for). */
    poke: grant,
    take(job: Job, signal: AbortSignal): Promise<() => void> {
      return new Promise((resolve, reject) => {
        const entry = {
          job,
          grant: () => {
            off();
            let released = false;
            resolve(() => {
              if (released) return;
              released = true;
              busy = false;
              grant();
            });
          },
        };
        waiters.push(entry);
        const off = onAbort(signal, () => {
          const i = waiters.indexOf(entry);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new AriadneError('cancelled', 'Cancelled.'));
            grant();
          }
        });
        grant();
      });
    },
  };
}
