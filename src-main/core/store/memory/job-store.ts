import type { Clock } from '../../deps';
import type { JobStore } from '../job-store';
import type { ChunkTaskRecord, JobRecord } from '../types';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Queue records in memory. They live as long as the object: handing the same object to a new queue is how
 * tests "restart" against it. Empty error and output texts read back as null, as they do from Kùzu.
 */
export function createMemoryJobStore(clock: Clock): JobStore {
  const jobs = new Map<string, JobRecord>();
  /** By job id, then by `${chunkIndex}:${step}`. */
  const tasks = new Map<string, Map<string, ChunkTaskRecord>>();
  const tasksOf = (jobId: string, f: { status?: string[]; step?: string } = {}) =>
    [...(tasks.get(jobId)?.values() ?? [])]
      .filter((t) => (!f.status?.length || f.status.includes(t.status)) && (!f.step || t.step === f.step))
      .sort((a, b) => a.chunkIndex - b.chunkIndex || byText(a.step, b.step))
      .map((t) => ({ ...t }));

  return {
    async upsertJobs(input) {
      const now = clock.now();
      for (const j of input) {
        jobs.set(j.id, {
          ...j,
          error: j.error || null,
          createdAt: jobs.get(j.id)?.createdAt ?? now,
          updatedAt: now,
        });
      }
    },

    async getJob(id) {
      const j = jobs.get(id);
      return j ? { ...j } : null;
    },

    async listJobs(f = {}) {
      return [...jobs.values()]
        .filter(
          (j) =>
            (!f.status?.length || f.status.includes(j.status)) &&
            (!f.kind || j.kind === f.kind) &&
            (!f.docId || j.docId === f.docId),
        )
        .sort((a, b) => a.createdAt - b.createdAt || byText(a.id, b.id))
        .map((j) => ({ ...j }));
    },

    async deleteJobs(ids) {
      for (const id of ids) {
        jobs.delete(id);
        tasks.delete(id);
      }
    },

    async upsertChunkTasks(input) {
      const now = clock.now();
      for (const t of input) {
        let of = tasks.get(t.jobId);
        if (!of) tasks.set(t.jobId, (of = new Map()));
        of.set(`${t.chunkIndex}:${t.step}`, {
          ...t,
          error: t.error || null,
          output: t.output || null,
          updatedAt: now,
        });
      }
    },

    async listChunkTasks(jobId, f = {}) {
      return tasksOf(jobId, f);
    },
    async chunkTasksOf(jobIds, opts = {}) {
      const byJob = new Map<string, ChunkTaskRecord[]>();
      for (const id of new Set(jobIds)) {
        const all = tasksOf(id);
        const list = opts.outputs === false ? all.map((t) => ({ ...t, output: null })) : all;
        if (list.length) byJob.set(id, list);
      }
      return byJob;
    },
  };
}
