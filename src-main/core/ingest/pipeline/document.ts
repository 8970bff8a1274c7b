import { AriadneError } from '../../../contract/errors';
import { openReferenceLists } from '../../citations/reference-lists';
import type { DocumentFacts } from '../../library/document-facts';
import { pageAt } from '../../nlp/pages';
import type { ChunkRecord } from '../../store/types';
import { ParseFailed } from '../parse/worker-api';
import type { Job } from '../queue/types';
import type { PipelineContext } from './context';

/** A document opened for its steps: its passages and its facts. */
export interface OpenedDocument {
  chunks: ChunkRecord[];
  facts: DocumentFacts;
}

/**
 * The passages and facts of the job's document. The first time, the original is parsed (its bytes as the
 * import read them when this process imported it, else read once from the library's copy), split into
 * passages and its facts computed once (library/document-facts.ts); the passages written are the ones the
 * steps get, not read back. A resumed job reads the passages from the graph and the facts from their file.
 */
export async function openDocument(
  ctx: PipelineContext,
  job: Job,
  signal: AbortSignal,
): Promise<OpenedDocument> {
  const p = job.payload;
  if (p.chunksTotal !== null) {
    const have = await ctx.library.graph.getChunks(job.docId);
    if (have.length === p.chunksTotal) {
      // Libraries read before facts were kept: computed from the stored passages, once.
      const facts = (await ctx.library.facts.read(job.docId)) ?? (await factsOfStored(ctx, job, have));
      return { chunks: have, facts };
    }
  }
  p.stage = 'parsing';
  ctx.progress(job);
  const bytes = ctx.takeImported(job.docId) ?? (await ctx.library.originals.read(job.docId));
  const turn = await ctx.parseTurn(signal);
  const parsed = await ctx.parser
    .parseBytes(bytes, p.kind, { document: job.docId, signal })
    .finally(turn)
    .catch(async (e: unknown) => {
      // A PDF that failed after its pages were counted keeps the count (the view said "0 pages").
      if (e instanceof ParseFailed && e.pages)
        await ctx.library.graph.upsertDocument({
          id: job.docId,
          title: p.fileName,
          pages: e.pages,
          status: 'running',
          fileName: p.fileName,
          originalPath: p.originalPath,
        });
      throw e;
    });
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');
  // Beside the graph, never in the job payload; a document read again overwrites its old geometry.
  if (parsed.geometry) await ctx.library.geometry.write(job.docId, parsed.geometry);
  else await ctx.library.geometry.remove(job.docId);
  await ctx.library.parseNotes.put(job.docId, { language: parsed.language ?? null, ocr: parsed.ocr ?? null });
  // The reference list, read into fields, for citation matching (core/citations).
  await openReferenceLists(ctx.library.dataDir).write(job.docId, parsed.references);
  // A reference manager's record (Zotero) is curated: it wins over what was read off the first page.
  const ref = ctx.library.references.get(job.docId);
  const authors = ref?.authors.length ? ref.authors : parsed.authors;
  await ctx.library.graph.upsertDocument({
    id: job.docId,
    title: ref?.title || parsed.title?.trim() || p.fileName,
    authors,
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
  const chunks = await ctx.library.graph.upsertChunks(
    job.docId,
    blocks.map((b) => ({
      index: b.index,
      text: b.text,
      pageStart: b.pageStart,
      pageEnd: b.pageEnd,
      charStart: b.start,
      charEnd: b.end,
      pageOffsets: relativePageOffsets(b.start, b.pageStart, b.pageEnd, parsed.pageOffsets),
    })),
    { replace: true },
  );
  const scanned = await ctx.pool.run((api) =>
    api.documentFacts(chunks.map((c) => ({ text: c.text, charStart: c.charStart }))),
  );
  const facts: DocumentFacts = {
    authors,
    pageOffsets: parsed.pageOffsets,
    sections: parsed.sections.map((s) => ({ ...s, page: pageAt(s.start, parsed.pageOffsets) })),
    ...scanned,
  };
  await ctx.library.facts.write(job.docId, facts);
  p.chunksTotal = chunks.length;
  p.sections = facts.sections
    .filter((s) => s.name !== 'references')
    .map((s) => ({ name: s.heading || s.name, page: s.page }));
  await ctx.queue.savePayload(job);
  return { chunks: [...chunks].sort((a, b) => a.index - b.index), facts };
}

/** Facts of a document whose passages were stored before facts were kept (no sections then). */
async function factsOfStored(ctx: PipelineContext, job: Job, chunks: ChunkRecord[]): Promise<DocumentFacts> {
  const doc = await ctx.library.graph.getDocument(job.docId);
  const scanned = await ctx.pool.run((api) =>
    api.documentFacts(chunks.map((c) => ({ text: c.text, charStart: c.charStart }))),
  );
  const facts: DocumentFacts = {
    authors: doc?.authors ?? [],
    pageOffsets: pageOffsetsOf(chunks),
    sections: [],
    ...scanned,
  };
  await ctx.library.facts.write(job.docId, facts);
  return facts;
}

/** The document's page map put back together from its passages' own (chunk-relative) page offsets. */
function pageOffsetsOf(chunks: ChunkRecord[]): number[] {
  const out = [0];
  for (const c of [...chunks].sort((a, b) => a.charStart - b.charStart))
    c.pageOffsets.forEach((rel, k) => {
      const page = c.pageStart + k;
      if (k > 0 && out.length < page) out.push(c.charStart + rel);
    });
  return out;
}

function relativePageOffsets(start: number, first: number, last: number, offsets: number[]): number[] {
  const out = [0];
  for (let pg = first + 1; pg <= last; pg++) out.push(Math.max(0, (offsets[pg - 1] ?? start) - start));
  return out;
}
