import { EMBED_BATCH_SIZE } from '../../llm/provider';
import type { DocumentFacts } from '../../library/document-facts';
import { chunkSentences } from '../../nlp/evidence-span';
import { pageAt } from '../../nlp/pages';
import { entityIdForKey } from '../../store/ids';
import type { ChunkEvidence, ChunkRecord, EntityRecord, EvidenceResult } from '../../store/types';
import type { Job } from '../queue/types';
import { entityText, foldEntities, refreshEntityVectors } from '../../entities';
import { resolveEntities, type Resolution } from '../resolve/resolve';
import type { PipelineContext } from './context';
import type { GroundedEntity, GroundedExtraction } from '../ground/grounding';
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
  const out = (await Promise.all(windows.map((w) => ctx.models.embed(w, signal, priority)))).flat();
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
 * Resolution against the library, run under the commit turn so documents resolve in queue order. Its output
 * (which key attaches to which existing entity, and the ambiguous candidates) is persisted as a step. The
 * abbreviations are the whole document's, from its facts (a refined passage resolves as a full commit does).
 */
/**
 * The vectors resolution will ask for, asked for ahead (the runner's cache then answers resolution): made
 * before the commit turn, which is library-wide. A draft's commit held it 0.85 s of its 4.8 s for them
 * (five papers at --concurrency 4, every call 500 ms, load 15; test/bench/parallel-reading.ts).
 */
export async function embedEntitiesAhead(
  ctx: PipelineContext,
  chunks: ChunkRecord[],
  x: Map<number, GroundedExtraction>,
  signal: AbortSignal,
  priority: number,
): Promise<void> {
  const texts = distinctEntities(chunks, x).map((e) => entityText(e.name, e.description));
  await embedAll(ctx, texts, signal, priority);
}

export async function resolveDocument(
  ctx: PipelineContext,
  chunks: ChunkRecord[],
  x: Map<number, GroundedExtraction>,
  facts: DocumentFacts,
  signal: AbortSignal,
  priority: number,
): Promise<Resolution> {
  const entities = distinctEntities(chunks, x);
  const vectors = await embedAll(
    ctx,
    entities.map((e) => entityText(e.name, e.description)),
    signal,
    priority,
  );
  return resolveEntities(
    entities.map((e, i) => ({ key: e.key, name: e.name, type: e.type, vector: at(vectors, i) })),
    { index: await ctx.index.loaded(), vectors: ctx.library.vectors, abbreviations: facts.abbreviations },
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
  const parts = evidenceParts(items, rowsPerPart);
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
 * The parts a document's evidence is written in. Resolution may attach a mention to an entity another
 * passage of the document creates (by its key), and the store refuses a mention of an entity that does not
 * exist yet. Resolution attaches to the smallest id of a group, so the creating passage is as often after
 * the first mention as before: in document order, the first part of a 1 MB text ran to 226 of its 269
 * passages, one transaction of ~40,000 rows (+720 MB). So a passage that creates an entity goes before the
 * passages that attach to it (depth first, document order otherwise), and a part ends only where every
 * entity referenced so far has been created; the rare cycle (two passages each creating what the other
 * attaches to) stays in one part.
 */
export function evidenceParts(items: ChunkEvidence[], rowsPerPart: number): ChunkEvidence[][] {
  const creator = new Map<string, number>();
  items.forEach((item, i) => {
    for (const e of item.entities) {
      const id = entityIdForKey(e.key);
      if (!e.id && !creator.has(id)) creator.set(id, i);
    }
  });
  const ordered: ChunkEvidence[] = [];
  const seen = new Uint8Array(items.length);
  // Iterative depth first (a long document's chain of attachments could outgrow the call stack).
  const visit = (i: number) => {
    seen[i] = 1;
    return { i, deps: dependencies(at(items, i), creator) };
  };
  for (let root = 0; root < items.length; root++) {
    if (seen[root]) continue;
    const stack = [visit(root)];
    for (let top = stack.at(-1); top; top = stack.at(-1)) {
      const next = top.deps.find((d) => !seen[d]);
      if (next === undefined) {
        ordered.push(at(items, top.i));
        stack.pop();
      } else stack.push(visit(next));
    }
  }
  const createdAt = new Map<string, number>();
  ordered.forEach((item, i) => {
    for (const e of item.entities) {
      const id = entityIdForKey(e.key);
      if (!e.id && !createdAt.has(id)) createdAt.set(id, i);
    }
  });
  const parts: ChunkEvidence[][] = [[]];
  let rows = 0;
  let needed = -1;
  ordered.forEach((item, i) => {
    const n = item.entities.length + item.relations.length;
    if (rows > 0 && rows + n > rowsPerPart && needed < i) {
      parts.push([]);
      rows = 0;
    }
    parts.at(-1)?.push(item);
    rows += n;
    for (const e of item.entities) if (e.id) needed = Math.max(needed, createdAt.get(e.id) ?? -1);
  });
  return parts;
}

/** The passages creating the entities `item` attaches to, in the order it names them. */
function dependencies(item: ChunkEvidence, creator: Map<string, number>): number[] {
  const out: number[] = [];
  for (const e of item.entities) {
    const c = e.id === undefined ? undefined : creator.get(e.id);
    if (c !== undefined && !out.includes(c)) out.push(c);
  }
  return out;
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
  facts: DocumentFacts,
  signal: AbortSignal,
  priority: number,
): Promise<{ entities: number; relations: number }> {
  const written = await writeEvidence(ctx, job, chunks, x, resolution, facts);
  const entities = await refreshTouched(ctx, written.touched, signal, priority);
  return { entities, relations: written.relations };
}

/**
 * The graph half of `commitDocument`: the evidence written, and the resolution index and entity vectors
 * rid of what it removed. Returns the entities it touched, whose vectors `refreshTouched` renews.
 */
export async function writeEvidence(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  x: Map<number, GroundedExtraction>,
  resolution: Resolution,
  facts: DocumentFacts,
): Promise<{ touched: string[]; relations: number }> {
  const { graph } = ctx.library;
  // The whole document's non-prose spans, from its facts: never re-joined and re-typed per passage.
  const nonProse = facts.nonProse;
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
        const s = r.span
          ? placeSpan(c, r.span)
          : sentences.best(`${names.join(' ')} ${r.description}`, names, r.description);
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
  const folded = await foldEntities(ctx.library, resolution.folds ?? []);
  const res = await addEvidenceInParts(graph, await liveAttachments(ctx, items));
  const removed = new Set([...res.removedEntityIds, ...folded.removed]);
  const ids = [...new Set([...Object.values(res.entityIds), ...res.touchedEntityIds, ...folded.into])]
    .filter((id) => !removed.has(id))
    .sort();
  // The graph is committed. The resolution index and the entity vectors forget what it removed before
  // anything that can fail (the re-embedding after it is a model call): when they kept a removed entity, a
  // retried passage or the next document could resolve a name to it, and its evidence was lost.
  const index = await ctx.index.loaded();
  for (const id of removed) index.remove(id);
  // In the vector turn: a refresh under way must not store a removed entity's vector again after this.
  await inVectorTurn(ctx, () => ctx.library.vectors.deleteIds('entities', [...removed]));
  return { touched: ids, relations: items.reduce((n, it) => n + it.relations.length, 0) };
}

/** The entity-vector writes of a library, one at a time, in the order they were asked for. */
const vectorWrites = new WeakMap<object, Promise<unknown>>();

function inVectorTurn<T>(ctx: PipelineContext, write: () => Promise<T>): Promise<T> {
  const run = (vectorWrites.get(ctx.library) ?? Promise.resolve()).catch(() => undefined).then(write);
  vectorWrites.set(ctx.library, run);
  return run;
}

/**
 * Re-embeds the entities a write touched (a model call) and puts them in the resolution index. A refined
 * passage calls this after its commit turn, so another document's write can change an entity meanwhile: the
 * entities are read, embedded and stored one refresh at a time (after embedding them once outside, so the
 * runner's cache answers inside), so the last refresh reads the last write. A vector embedded from an older
 * description used to land last whenever its call answered later, and two clean runs stored different
 * vectors for the same entity.
 */
export async function refreshTouched(
  ctx: PipelineContext,
  ids: string[],
  signal: AbortSignal,
  priority: number,
): Promise<number> {
  const embed = (texts: string[]) => embedAll(ctx, texts, signal, priority);
  const now: EntityRecord[] = [];
  for (let i = 0; i < ids.length; i += 500)
    now.push(...(await ctx.library.graph.getEntities(ids.slice(i, i + 500))));
  if (now.length) await embed(now.map((e) => entityText(e.name, e.description)));
  return inVectorTurn(ctx, async () => {
    const { entities: ents, vectors: vecs } = await refreshEntityVectors(ctx.library, embed, {
      changed: ids,
    });
    const index = await ctx.index.loaded();
    ents.forEach((e, i) => index.putRecord(e, at(vecs, i)));
    return ents.length;
  });
}

/**
 * The evidence with each mention attached only to an entity that exists now: resolution may have chosen an
 * entity that an edit (a merge, a delete) or an earlier commit removed since; such a mention goes to its
 * own key's entity instead of failing the whole commit, which the store refuses ("No entity").
 */
async function liveAttachments(ctx: PipelineContext, items: ChunkEvidence[]): Promise<ChunkEvidence[]> {
  // An entity the batch itself creates (a defined pair joined to a new key's entity) is live too.
  const own = new Set(items.flatMap((it) => it.entities.map((e) => entityIdForKey(e.key))));
  const chosen = [
    ...new Set(items.flatMap((it) => it.entities.flatMap((e) => (e.id && !own.has(e.id) ? [e.id] : [])))),
  ];
  if (!chosen.length) return items;
  const live = new Set([...own, ...(await ctx.library.graph.getEntities(chosen)).map((e) => e.id)]);
  if (chosen.every((id) => live.has(id))) return items;
  ctx.log.log('warn', 'resolution chose entities that no longer exist', {
    entities: chosen.filter((id) => !live.has(id)),
  });
  return items.map((it) => ({
    ...it,
    entities: it.entities.map(({ id, ...e }) => (id && live.has(id) ? { ...e, id } : e)),
  }));
}

/** A span a pass chose (a table's row), placed on its pages like a sentence. */
function placeSpan(c: ChunkRecord, span: { start: number; end: number }) {
  const page = (offset: number) => c.pageStart - 1 + pageAt(offset - c.charStart, c.pageOffsets);
  return {
    start: span.start,
    end: span.end,
    page: page(span.start),
    pageEnd: page(Math.max(span.start, span.end - 1)),
  };
}
