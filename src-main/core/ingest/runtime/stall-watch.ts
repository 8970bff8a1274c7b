import { AriadneError } from '../../../contract/errors';
import type { Clock, Logger } from '../../deps';
import type { Job } from '../queue/types';

/** What changes whenever a job moves: its stage and, per task, the status and attempts. */
function fingerprint(job: Job): string {
  let done = 0;
  let failed = 0;
  let attempts = 0;
  for (const t of job.tasks.values()) {
    if (t.status === 'done') done++;
    else if (t.status === 'failed') failed++;
    attempts += t.attempts;
  }
  return `${job.payload.stage}|${job.tasks.size}|${done}|${failed}|${attempts}`;
}

class Stalled extends AriadneError {}

/**
 * The ingest watchdog: checks running jobs every quarter of the stall time (at most every 30 s) and
 * rejects a job's `stalled` promise, after calling its `stop`, once it has not moved for `stallMs`.
 * Time spent paused does not count.
 */
export function createStallWatch(opts: {
  clock: Clock;
  stallMs: number;
  paused: () => boolean;
  log: Logger;
}) {
  const jobs = new Map<
    string,
    { job: Job; print: string; since: number; stop: () => void; fail: (e: Error) => void }
  >();
  let timer: { cancel(): void } | null = null;
  const every = Math.max(10, Math.min(30_000, Math.floor(opts.stallMs / 4)));

  const check = () => {
    timer = null;
    const now = opts.clock.now();
    for (const w of jobs.values()) {
      const print = fingerprint(w.job);
      if (print !== w.print || opts.paused()) {
        w.print = print;
        w.since = now;
      } else if (now - w.since >= opts.stallMs) {
        const secs = Math.round((now - w.since) / 1000);
        const err = new Stalled(
          'timeout',
          `No progress for ${secs} s (stage ${w.job.payload.stage}): stopped by the watchdog; it will be retried.`,
          { retryable: true },
        );
        opts.log.log('warn', 'job stalled', { doc: w.job.docId, stage: w.job.payload.stage, seconds: secs });
        jobs.delete(w.job.id);
        w.stop();
        w.fail(err);
      }
    }
    arm();
  };
  const arm = () => {
    if (!timer && jobs.size) timer = opts.clock.setTimeout(check, every);
  };

  return {
    track(job: Job, stop: () => void): Promise<never> {
      const stalled = new Promise<never>((_, reject) => {
        jobs.set(job.id, { job, print: fingerprint(job), since: opts.clock.now(), stop, fail: reject });
      });
      stalled.catch(() => undefined);
      arm();
      return stalled;
    },
    untrack(id: string) {
      jobs.delete(id);
      if (!jobs.size) {
        timer?.cancel();
        timer = null;
      }
    },
    isStall: (e: unknown): e is AriadneError => e instanceof Stalled,
    close() {
      timer?.cancel();
      timer = null;
      jobs.clear();
    },
  };
}
