import { CallPriority, EMBED_BATCH_SIZE } from '../../llm/provider';
import { chunkSentences, documentNonProse } from '../../nlp/evidence-span';
import { entityIdForKey } from '../../store/ids';
import type { ChunkEvidence, EvidenceResult } from '../../store/types';
import type { ChunkRecord } from '../../store/types';
import type { Job } from '../queue/types';
import { entityText, foldEntities, refreshEntityVectors } from '../../entities';
import { resolveEntities, type Resolution } from '../resolve/resolve';
import type { PipelineContext } from './context';
import type { GroundedEntity, GroundedExtraction } from './postprocess';
import { at, atKey } from '../../at';

/**
 * Entity vectors in requests of the provider's batch size, sent together: they are on the document's
 * critical path (CallPriority.document). The runner's content-hash cache answers texts already embedded —
 * the commit re-embeds mostly what resolution embedded moments before — without a model call.
 */
async function embedAll(
  ctx: PipelineContext,
  texts: string[],
  signal: AbortSignal,
  priority: number,
): Promise<number[][]> {
  const windows: string[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH_SIZE) windows.push(texts.slice(i, i + EMBED_BATCH_SIZE));
  const out = (await Promise.all(windows.map((w) => ctx.runner.embed(w, signal, priority)))).flat();
  if (out[0]) await ctx.ensureEmbedding(out[0].length);
  return out;
}

/** The document's distinct entities, each from its first chunk (deterministic whatever finished first). */
function distinctEntities(chunks: ChunkRecord[], x: Map<number, GroundedExtraction>): GroundedEntity[] {
  const byKey = new Map<string, GroundedEntity>();
  for (const c of chunks)
    for (const e of atKey(x, c.index).entities) if (!byKey.has(e.key)) byKey.set(e.key, e);
  return [...byKey.values()];
}

/**
 * How a commit runs when it is not the whole document's: the priority of its embedding calls, and the
 * document's chunks when `chunks` is a part of them (a refined passage), so abbreviations and non-prose
 * spans are read over the whole document as in a full commit.
 */
export interface CommitOptions {
  priority?: number;
  documentChunks?: ChunkRecord[];
}

/**
 * Resolution against the library, run under the commit turn so documents resolve in queue order. Its output
 * (which key attaches to which existing entity, and the ambiguous candidates) is persisted as a step.
 */
export async function resolveDocument(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  x: Map<number, GroundedExtraction>,
  signal: AbortSignal,
  opts: CommitOptions = {},
): Promise<Resolution> {
  const entities = distinctEntities(chunks, x);
  const vectors = await embedAll(
    ctx,
    entities.map((e) => entityText(e.name, e.description)),
    signal,
    opts.priority ?? CallPriority.document,
  );
  const all = opts.documentChunks ?? chunks;
  const abbreviations = await ctx.pool.run((api) => api.abbreviations(all.map((c) => c.text).join('\n\n')));
  return resolveEntities(
    entities.map((e, i) => ({ key: e.key, name: e.name, type: e.type, vector: at(vectors, i) })),
    { index: await ctx.index.loaded(), vectors: ctx.library.vectors, abbreviations },
  );
}

/** Mentions and relations per store transaction of a commit (about 50 passages of a paper). */
const ROWS_PER_TRANSACTION = 2_000;

/**
 * Writes a document's evidence in transactions of about ROWS_PER_TRANSACTION rows, passage by passage: the
 * store holds a transaction's rows in memory until it commits, so one transaction for a whole document
 * made memory grow with the document (an 8.5 MB text took 14.8 GB). Each part is idempotent per chunk, so
 * a commit cut short by a kill is simply run again. What the parts report is folded in order: an entity one
 * part removes and a later part uses again is alive, and the other way round.
 */
export async function addEvidenceInParts(
  graph: Pick<PipelineContext['library']['graph'], 'addEvidence'>,
  items: ChunkEvidence[],
  rowsPerPart = ROWS_PER_TRANSACTION,
): Promise<EvidenceResult> {
  // Resolution may attach a mention to an entity another passage of this document creates (by its key):
  // a part may end only where every such entity referenced so far has been created.
  const createdAt = new Map<string, number>();
  items.forEach((item, i) => {
    for (const e of item.entities) {
      const id = entityIdForKey(e.key);
      if (!e.id && !createdAt.has(id)) createdAt.set(id, i);
    }
  });
  const parts: ChunkEvidence[][] = [[]];
  let rows = 0;
  let needed = -1;
  items.forEach((item, i) => {
    const n = item.entities.length + item.relations.length;
    if (rows > 0 && rows + n > rowsPerPart && needed < i) {
      parts.push([]);
      rows = 0;
    }
    parts.at(-1)?.push(item);
    rows += n;
    for (const e of item.entities) if (e.id) needed = Math.max(needed, createdAt.get(e.id) ?? -1);
  });
  if (parts.length === 1) return graph.addEvidence(items);
  const entityIds: Record<string, string> = {};
  const alive = new Set<string>();
  const dead = new Set<string>();
  for (const part of parts) {
    const res = await graph.addEvidence(part);
    for (const id of res.removedEntityIds) {
      alive.delete(id);
      dead.add(id);
    }
    for (const id of [...Object.values(res.entityIds), ...res.touchedEntityIds]) {
      dead.delete(id);
      alive.add(id);
    }
    Object.assign(entityIds, res.entityIds);
  }
  return {
    entityIds,
    touchedEntityIds: [...alive].filter((id) => !dead.has(id)),
    removedEntityIds: [...dead],
  };
}

/**
 * Writes the evidence of every successful chunk, a passage never split between two transactions
 * (addEvidenceInParts), replacing what those chunks wrote before: a refined passage's evidence takes the
 * place of its draft's in one transaction. Then re-embeds the entities it touched and drops the vectors of
 * entities it emptied.
 */
export async function commitDocument(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  x: Map<number, GroundedExtraction>,
  resolution: Resolution,
  signal: AbortSignal,
  opts: CommitOptions = {},
): Promise<{ entities: number; relations: number }> {
  const { graph } = ctx.library;
  const nonProse = documentNonProse(opts.documentChunks ?? chunks);
  const items: ChunkEvidence[] = chunks.map((c) => {
    // Every chunk was extracted before the commit.
    const g = atKey(x, c.index);
    // Every mention and piece of evidence cites its own sentence, and its page comes from that sentence's
    // offset: the passage's first page was wrong for 11 of 30 quotes on five real papers.
    const sentences = chunkSentences(c, nonProse);
    const nameOf = new Map(g.entities.map((e) => [e.key, e.name]));
    return {
      docId: job.docId,
      chunkIndex: c.index,
      entities: g.entities.map((e) => {
        const s = sentences.naming(e.name);
        return {
          key: e.key,
          id: resolution.attach[e.key],
          name: e.name,
          type: e.type,
          description: e.description,
          confidence: e.confidence,
          ...(s ? { span: { start: s.start, end: s.end } } : {}),
        };
      }),
      relations: g.relations.map((r) => {
        const names = [nameOf.get(r.source) ?? '', nameOf.get(r.target) ?? ''];
        const s = sentences.best(`${names.join(' ')} ${r.description}`, names);
        return {
          source: r.source,
          target: r.target,
          keywords: r.keywords,
          description: r.description,
          confidence: r.confidence,
          ...(s ? { span: { start: s.start, end: s.end }, page: s.page, pageEnd: s.pageEnd } : {}),
        };
      }),
    };
  });
  // A refined passage is one of many small commits: the document stays "refining" meanwhile.
  if (job.payload.stage !== 'refining') {
    job.payload.stage = 'persisting';
    ctx.progress(job);
  }
  const folded = await foldEntities(ctx.library, resolution.folds ?? []);
  const res = await addEvidenceInParts(graph, items);
  const removed = new Set([...res.removedEntityIds, ...folded.removed]);
  const ids = [...new Set([...Object.values(res.entityIds), ...res.touchedEntityIds, ...folded.into])]
    .filter((id) => !removed.has(id))
    .sort();
  const { entities: ents, vectors: vecs } = await refreshEntityVectors(
    ctx.library,
    (texts) => embedAll(ctx, texts, signal, opts.priority ?? CallPriority.document),
    { changed: ids, removed: [...removed] },
  );
  const index = await ctx.index.loaded();
  for (const id of removed) index.remove(id);
  ents.forEach((e, i) => index.putRecord(e, at(vecs, i)));
  return { entities: ents.length, relations: items.reduce((n, it) => n + it.relations.length, 0) };
}
