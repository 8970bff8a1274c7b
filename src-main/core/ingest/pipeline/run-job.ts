import fs from 'node:fs/promises';
import { AriadneError } from '../../../contract/errors';
import type { ChunkRecord } from '../../store/graph/types';
import { chunkId } from '../../store/graph/ids';
import { DOC_LEVEL, type Job, taskKey } from '../queue/types';
import { commitDocument, resolveDocument } from './commit';
import { type PipelineContext, StepFailed } from './context';
import type { GroundedExtraction } from './postprocess';
import { runStep } from './step';

export interface JobOutcome {
  failedChunks: number[];
  chunkErrors: { chunkIndex: number; step: string; attempts: number; error: string }[];
}

/**
 * One document, from the original file to committed evidence: parse (worker) → blocks → forward-summary
 * chain → per chunk, in parallel, extraction (with the previous summary), atomic questions and embeddings →
 * resolution and commit. Each step's output is persisted as it lands, so a restart resumes here.
 */
export async function runJob(ctx: PipelineContext, job: Job, signal: AbortSignal): Promise<JobOutcome> {
  const chunks = await ensureChunks(ctx, job, signal);
  const p = job.payload;
  const { runner } = ctx;
  const failed = new Set<number>();
  // Every chunk promise settles: a chunk that ran out of retries is noted, anything else (cancel, an
  // unreachable Ollama) is kept and rethrown once the others have stopped, never left unhandled.
  let fatal: unknown = null;
  const note = (e: unknown, i: number) => {
    if (e instanceof StepFailed) failed.add(i);
    else fatal ??= e;
  };

  const extractions = new Map<number, GroundedExtraction>();
  const perChunk: Promise<void>[] = [];
  const setStage = (stage: typeof p.stage) => {
    if (p.stage !== stage) {
      p.stage = stage;
      ctx.progress(job);
    }
  };
  setStage('summarizing');

  // Questions and embeddings do not need the chain: start them at once.
  for (const c of chunks) {
    perChunk.push(
      (async () => {
        const questions = await runStep(
          ctx,
          job,
          signal,
          c.index,
          'questions',
          runner.chatModel,
          async () => {
            const qs = (await runner.questions(c.text, signal)).slice(0, 10);
            await ctx.library.graph.setQuestions(
              qs.map((text, i) => ({
                id: `${chunkId(job.docId, c.index)}#q${i}`,
                docId: job.docId,
                chunkIndex: c.index,
                text,
              })),
            );
            return qs;
          },
        );
        await runStep(ctx, job, signal, c.index, 'embed', runner.embedModel, async () => {
          const vecs = await runner.embed([c.text, ...questions], signal);
          await ctx.ensureEmbedding(vecs[0]!.length);
          const cid = chunkId(job.docId, c.index);
          await ctx.library.vectors.upsert('chunks', [
            { id: cid, docId: job.docId, text: c.text, vector: vecs[0]! },
          ]);
          await ctx.library.vectors.upsert(
            'questions',
            questions.map((text, i) => ({
              id: `${cid}#q${i}`,
              docId: job.docId,
              text,
              vector: vecs[i + 1]!,
            })),
          );
          return vecs.length;
        });
      })().catch((e: unknown) => note(e, c.index)),
    );
  }

  // The forward-summary chain is sequential; extraction of chunk i starts as soon as summary i−1 exists.
  let previous = '';
  let chainBroken = false;
  for (const c of chunks) {
    const context = previous;
    perChunk.push(
      (async () => {
        const raw = await runStep(ctx, job, signal, c.index, 'extract', runner.chatModel, async () => {
          const t0 = ctx.clock.now();
          const x = await runner.extract(c.text, context, signal, ctx.opts.entityTypes);
          const g = await ctx.pool.run((api) => api.ground(x, c.text));
          ctx.log.log('info', 'chunk extracted', {
            chunk: chunkId(job.docId, c.index),
            entities: g.entities.length,
            relationships: g.relations.length,
            dropped: g.dropped,
            latencyMs: ctx.clock.now() - t0,
          });
          return g;
        });
        extractions.set(c.index, raw);
      })().catch((e: unknown) => note(e, c.index)),
    );
    if (c.index === chunks.length - 1) break;
    try {
      previous = await runStep(ctx, job, signal, c.index, 'summary', runner.chatModel, async () => {
        const s = await runner.summarize(c.text, context, signal);
        await ctx.library.graph.upsertChunks(job.docId, [{ ...c, forwardSummary: s }]);
        return s;
      });
    } catch (e) {
      note(e, c.index);
      chainBroken = true;
      break;
    }
  }
  if (!chainBroken) setStage('extracting');
  await Promise.all(perChunk);
  if (fatal) throw fatal;
  if (chainBroken) {
    // Chunks after a failed summary wait for "retry failed chunks": their context is not known yet.
    for (const c of chunks) if (!job.tasks.get(taskKey(c.index, 'extract'))) failed.add(c.index);
  }
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');

  setStage('resolving');
  const ok = chunks.filter((c) => extractions.has(c.index));
  const model = `${runner.chatModel}|${runner.embedModel}|${ok.map((c) => c.index).join(',')}`;
  const release = await ctx.commitTurn(job, signal);
  try {
    const resolution = await runStep(
      ctx,
      job,
      signal,
      DOC_LEVEL,
      'resolve',
      model,
      () => resolveDocument(ctx, job, ok, extractions, signal),
      { usesLlm: false },
    );
    await runStep(
      ctx,
      job,
      signal,
      DOC_LEVEL,
      'commit',
      model,
      () => commitDocument(ctx, job, ok, extractions, resolution, signal),
      { usesLlm: false },
    );
  } finally {
    release();
  }
  const chunkErrors = [...job.tasks.values()]
    .filter((t) => t.status === 'failed')
    .map((t) => ({
      chunkIndex: t.chunkIndex,
      step: t.step,
      attempts: t.attempts,
      error: t.error ?? 'failed',
    }));
  return { failedChunks: [...failed].sort((a, b) => a - b), chunkErrors };
}

/** Parses and splits the document once; afterwards the chunks are read back from the graph. */
async function ensureChunks(ctx: PipelineContext, job: Job, signal: AbortSignal): Promise<ChunkRecord[]> {
  const p = job.payload;
  if (p.chunksTotal !== null) {
    const have = await ctx.library.graph.getChunks(job.docId);
    if (have.length === p.chunksTotal) return have;
  }
  p.stage = 'parsing';
  ctx.progress(job);
  const bytes = new Uint8Array(await fs.readFile(ctx.library.originals.path(job.docId)));
  const parsed = await ctx.parser.parseBytes(bytes, p.kind);
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');
  // A reference manager's record (Zotero) is curated: it wins over what was read off the first page.
  const ref = ctx.library.references.get(job.docId);
  await ctx.library.graph.upsertDocument({
    id: job.docId,
    title: ref?.title || parsed.title?.trim() || p.fileName,
    authors: ref?.authors.length ? ref.authors : parsed.authors,
    year: ref?.year ?? parsed.year,
    doi: ref?.doi ?? parsed.doi,
    pages: parsed.pages,
    status: 'running',
    parserVersion: parsed.parserVersion,
    fileName: p.fileName,
    originalPath: p.originalPath,
  });
  p.stage = 'chunking';
  ctx.progress(job);
  const blocks = await ctx.pool.run((api) =>
    api.blocks(parsed.text, parsed.pageOffsets, ctx.opts.blockTokens),
  );
  const rows = await ctx.library.graph.upsertChunks(
    job.docId,
    blocks.map((b) => ({
      index: b.index,
      text: b.text,
      pageStart: b.pageStart,
      pageEnd: b.pageEnd,
      charStart: b.start,
      charEnd: b.end,
      pageOffsets: relativePageOffsets(b.start, b.end, b.pageStart, b.pageEnd, parsed.pageOffsets),
    })),
    { replace: true },
  );
  p.chunksTotal = rows.length;
  p.sections = parsed.sections
    .filter((s) => s.name !== 'references')
    .map((s) => ({ name: s.heading || s.name, page: pageOf(s.start, parsed.pageOffsets) }));
  await ctx.queue.savePayload(job);
  return ctx.library.graph.getChunks(job.docId);
}

function relativePageOffsets(
  start: number,
  _end: number,
  first: number,
  last: number,
  offsets: number[],
): number[] {
  const out = [0];
  for (let pg = first + 1; pg <= last; pg++) out.push(Math.max(0, (offsets[pg - 1] ?? start) - start));
  return out;
}

function pageOf(offset: number, offsets: number[]): number {
  let p = 1;
  for (let i = 0; i < offsets.length; i++) if (offsets[i]! <= offset) p = i + 1;
  return p;
}
