import { AriadneError, toRpcError } from '../../contract/errors';
import { onAbort } from '../abort-listener';
import type { JobQueue } from './queue/job-queue';
import { TERMINAL_STATUSES, type Job } from './queue/types';

/**
 * Resolves with the documents' jobs once none of them is queued or running (a document without a job
 * counts as finished); rejects when the queue stopped on its own (`stopped()`, checked on every progress)
 * or `signal` aborts.
 */
export function waitForJobs(
  deps: {
    queue: Pick<JobQueue, 'get'>;
    onProgress(fn: (job: Job) => void): () => void;
    stopped(): AriadneError | null;
  },
  ids: string[],
  signal?: AbortSignal,
): Promise<Job[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const failure = deps.stopped();
      if (failure) {
        off();
        offAbort();
        return reject(failure);
      }
      const jobs = ids.map((id) => deps.queue.get(id));
      if (jobs.every((j) => !j || TERMINAL_STATUSES.includes(j.status))) {
        off();
        offAbort();
        resolve(jobs.filter((j): j is Job => Boolean(j)));
      }
    };
    const off = deps.onProgress(check);
    const offAbort = onAbort(signal, () => (off(), reject(new AriadneError('cancelled', 'Cancelled.'))));
    check();
  });
}

/**
 * The error a stopped queue reports: a full disk says so (Kùzu's own words are "IO exception: Cannot write
 * to file … graph.kuzu.wal"); anything else keeps its message.
 */
export function storageError(e: unknown): AriadneError {
  const err = toRpcError(e);
  if (err.code === 'disk_full')
    return new AriadneError('disk_full', err.message, { retryable: true, cause: e });
  return new AriadneError(
    'internal',
    `The library could not be written (${err.message}); ingestion stopped. Nothing saved before is lost.`,
    { cause: e },
  );
}
