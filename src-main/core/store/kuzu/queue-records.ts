import type { Clock } from '../../deps';
import type { KuzuDb, Row } from './kuzu-db';
import { chunkTaskId } from '../ids';
import type { ChunkTaskInput, ChunkTaskRecord, JobInput, JobRecord } from '../types';

/**
 * Persisted queue records, stored in the graph so a job and the evidence it wrote commit in the same
 * database. Plain upserts and filters; the ingestion layer owns states and transitions.
 */
export function queueRecordOps(db: KuzuDb, clock: Clock) {
  return {
    async upsertJobs(jobs: JobInput[]): Promise<void> {
      if (!jobs.length) return;
      const now = clock.now();
      await db.write((r) =>
        r.query(
          `UNWIND $rows AS x MERGE (j:Job {id: x.id}) ON CREATE SET j.createdAt = x.now
           SET j.kind = x.kind, j.docId = x.docId, j.status = x.status, j.attempts = x.attempts,
               j.nextRunAt = x.nextRunAt, j.error = x.error, j.payload = x.payload, j.updatedAt = x.now`,
          { rows: jobs.map((j) => ({ ...j, error: j.error ?? '', now })) },
        ),
      );
    },

    async getJob(id: string): Promise<JobRecord | null> {
      const rows = await db.read((r) => r.query('MATCH (j:Job {id: $id}) RETURN j.*', { id }));
      const [row] = rows;
      return row ? toJob(row) : null;
    },

    /** Jobs, optionally filtered by status/kind/document, oldest first. */
    async listJobs(f: { status?: string[]; kind?: string; docId?: string } = {}): Promise<JobRecord[]> {
      const cond: string[] = [];
      const params: Record<string, unknown> = {};
      if (f.status?.length) {
        cond.push('j.status IN $status');
        params.status = f.status;
      }
      if (f.kind) {
        cond.push('j.kind = $kind');
        params.kind = f.kind;
      }
      if (f.docId) {
        cond.push('j.docId = $docId');
        params.docId = f.docId;
      }
      const where = cond.length ? `WHERE ${cond.join(' AND ')}` : '';
      const rows = await db.read((r) =>
        r.query(`MATCH (j:Job) ${where} RETURN j.* ORDER BY j.createdAt, j.id`, params),
      );
      return rows.map(toJob);
    },

    /** Deletes jobs with their chunk tasks. */
    async deleteJobs(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db.write(async (r) => {
        await r.query('MATCH (t:ChunkTask) WHERE t.jobId IN $ids DELETE t', { ids });
        await r.query('UNWIND $ids AS i MATCH (j:Job {id: i}) DELETE j', { ids });
      });
    },

    /**
     * Upserts chunk tasks keyed by (job, chunk index, step): the old row is deleted and the new one
     * created. Kùzu 0.11 keeps every in-place update of a STRING column in memory until the next
     * checkpoint, and the cost grows faster than the WAL: MERGE … SET on 540 tasks (each written as
     * running, then done with its ~20 KB output) took the process to 2.4 GB for a 6 MB WAL, well below the
     * 32 MB checkpoint; the same writes as DELETE + CREATE stayed at 124 MB and ran faster. A task has no
     * relationships, so nothing else is touched.
     */
    async upsertChunkTasks(tasks: ChunkTaskInput[]): Promise<void> {
      if (!tasks.length) return;
      const now = clock.now();
      // The last state of a task given twice wins, as MERGE let it.
      const byId = new Map(
        tasks.map((t) => {
          const id = chunkTaskId(t.jobId, t.chunkIndex, t.step);
          return [id, { ...t, id, error: t.error ?? '', output: t.output ?? '', now }];
        }),
      );
      const rows = [...byId.values()];
      await db.write(async (r) => {
        await r.query('MATCH (t:ChunkTask) WHERE t.id IN $ids DELETE t', { ids: rows.map((x) => x.id) });
        await r.query(
          `UNWIND $rows AS x CREATE (t:ChunkTask {id: x.id, jobId: x.jobId, chunkIndex: x.chunkIndex,
             step: x.step, status: x.status, attempts: x.attempts, nextRunAt: x.nextRunAt, error: x.error,
             output: x.output, updatedAt: x.now})`,
          { rows },
        );
      });
    },

    async listChunkTasks(
      jobId: string,
      f: { status?: string[]; step?: string } = {},
    ): Promise<ChunkTaskRecord[]> {
      const cond = ['t.jobId = $jobId'];
      const params: Record<string, unknown> = { jobId };
      if (f.status?.length) {
        cond.push('t.status IN $status');
        params.status = f.status;
      }
      if (f.step) {
        cond.push('t.step = $step');
        params.step = f.step;
      }
      const rows = await db.read((r) =>
        r.query(
          `MATCH (t:ChunkTask) WHERE ${cond.join(' AND ')} RETURN t.* ORDER BY t.chunkIndex, t.step`,
          params,
        ),
      );
      return rows.map(toTask);
    },

    async chunkTasksOf(
      jobIds: string[],
      opts: { outputs?: boolean } = {},
    ): Promise<Map<string, ChunkTaskRecord[]>> {
      const byJob = new Map<string, ChunkTaskRecord[]>();
      if (!jobIds.length) return byJob;
      const cols = opts.outputs === false ? TASK_COLUMNS_WITHOUT_OUTPUT : 't.*';
      const rows = await db.read((r) =>
        r.query(
          `MATCH (t:ChunkTask) WHERE t.jobId IN $ids RETURN ${cols} ORDER BY t.jobId, t.chunkIndex, t.step`,
          { ids: [...new Set(jobIds)] },
        ),
      );
      for (const row of rows) {
        const t = toTask(row);
        const list = byJob.get(t.jobId);
        if (list) list.push(t);
        else byJob.set(t.jobId, [t]);
      }
      return byJob;
    },
  };
}

/** Every column of a chunk task but its output (the step's JSON result, most of the bytes). */
const TASK_COLUMNS_WITHOUT_OUTPUT = [
  'jobId',
  'chunkIndex',
  'step',
  'status',
  'attempts',
  'nextRunAt',
  'error',
  'updatedAt',
]
  .map((c) => `t.${c}`)
  .join(', ');

const pick = (r: Row, k: string) => r[`j.${k}`] ?? r[`t.${k}`];
const s = (v: unknown) => (v == null ? '' : String(v));
const n = (v: unknown) => (v == null ? 0 : Number(v));

function toJob(r: Row): JobRecord {
  return {
    id: s(pick(r, 'id')),
    kind: s(pick(r, 'kind')),
    docId: s(pick(r, 'docId')),
    status: s(pick(r, 'status')),
    attempts: n(pick(r, 'attempts')),
    nextRunAt: n(pick(r, 'nextRunAt')),
    error: s(pick(r, 'error')) || null,
    payload: s(pick(r, 'payload')),
    createdAt: n(pick(r, 'createdAt')),
    updatedAt: n(pick(r, 'updatedAt')),
  };
}

function toTask(r: Row): ChunkTaskRecord {
  return {
    jobId: s(pick(r, 'jobId')),
    chunkIndex: n(pick(r, 'chunkIndex')),
    step: s(pick(r, 'step')),
    status: s(pick(r, 'status')),
    attempts: n(pick(r, 'attempts')),
    nextRunAt: n(pick(r, 'nextRunAt')),
    error: s(pick(r, 'error')) || null,
    output: s(pick(r, 'output')) || null,
    updatedAt: n(pick(r, 'updatedAt')),
  };
}
