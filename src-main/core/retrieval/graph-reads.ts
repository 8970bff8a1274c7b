import type { Citation, EntitySummary, Evidence } from '../../contract/graph';
import type { Library } from '../library';
import type { ChunkRecord, EntityRecord, EvidenceCitation, EvidenceLink } from '../store/types';
import { pageOfOffset } from '../nlp/pages';
import { chunkSentences } from '../nlp/evidence-span';
import { captionLabel } from '../nlp/prose';
import { Lru, type ChangeTracker } from './cache';
import { TitleIndex } from './title-index';
import { shortTitle } from './text';
import { citationOf } from '../store/citation';

/**
 * Read helpers retrieval builds on the graph store's operations (batched evidence with citation data,
 * chunks with their documents, community membership), caching what is read often (entities by id) until
 * the library changes.
 */
export interface ChunkInfo {
  id: string;
  docId: string;
  index: number;
  text: string;
  /** Offset of the chunk's first character in the document text (absent: 0). */
  charStart?: number;
  pageStart: number;
  pageEnd: number;
  pageOffsets: number[];
  title: string;
  year: number | null;
}

/** A piece of evidence with its citation (pageEnd and the span are -1 on rows that predate sentence spans). */
export interface EvidenceInfo extends EvidenceCitation {
  id: string;
  source: string;
  target: string;
  title: string;
  year: number | null;
  chunkText: string;
  /** Where the chunk sits in the document (offset and chunk-relative page map), to place its sentences. */
  chunkStart?: number;
  chunkPageStart?: number;
  chunkPageOffsets?: number[];
}

export function createGraphReads(tracker: ChangeTracker) {
  const entities = new Lru<string, EntityRecord>(20_000);
  const communityOf = new Lru<string, string | null>(20_000);
  // Passages a question reads (its hits, their neighbours, the papers' openings) are read again by the next
  // question: each is read from the graph once until the library changes.
  const chunkCache = new Lru<string, ChunkInfo>(2_000);
  let titleIndex: Promise<TitleIndex> | null = null;
  tracker.onChange(() => {
    entities.clear();
    chunkCache.clear();
    communityOf.clear();
    titleIndex = null;
  });

  async function getEntities(lib: Library, ids: string[]): Promise<EntityRecord[]> {
    // Answered from what this call found, not from the cache afterwards: a write elsewhere (a community
    // refresh) may clear the cache while a batch is read.
    const found = new Map<string, EntityRecord>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const e = entities.get(id);
      if (e) found.set(id, e);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += 1000) {
      for (const e of await lib.graph.getEntities(missing.slice(i, i + 1000))) {
        entities.set(e.id, e);
        found.set(e.id, e);
      }
    }
    return ids.flatMap((id) => {
      const e = found.get(id);
      return e ? [e] : [];
    });
  }

  /** Level-0 community of each entity (null when communities were not computed yet). */
  async function communities(lib: Library, ids: string[]): Promise<Map<string, string | null>> {
    const known = new Map<string, string | null>();
    for (const id of ids) {
      const c = communityOf.get(id);
      if (c !== undefined) known.set(id, c);
    }
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length) {
      const found = await lib.graph.communitiesOf(missing, 0);
      for (const id of missing) {
        communityOf.set(id, found.get(id) ?? null);
        known.set(id, found.get(id) ?? null);
      }
    }
    return new Map(ids.map((id) => [id, known.get(id) ?? null]));
  }

  async function summaries(lib: Library, ids: string[]): Promise<Map<string, EntitySummary>> {
    const ents = await getEntities(lib, ids);
    const comm = await communities(
      lib,
      ents.map((e) => e.id),
    );
    return new Map(ents.map((e) => [e.id, toSummary(e, comm.get(e.id) ?? null)]));
  }

  /**
   * Evidence rows between the given ordered pairs (source → target as stored), with citation data, and the
   * number of rows each pair has. With `perPair`, only that many rows per pair (in either direction) are
   * read, the most confident first: a path or a context shows a few quotes, and hub pairs can have hundreds.
   */
  async function evidenceForPairs(
    lib: Library,
    pairs: { a: string; b: string }[],
    opts: { docIds?: string[]; perPair?: number } = {},
  ): Promise<{ rows: EvidenceInfo[]; total: Map<string, number> }> {
    const total = new Map<string, number>();
    if (!pairs.length) return { rows: [], total };
    let edges = await lib.graph.evidenceBetween(pairs);
    for (const e of edges) {
      const key = `${e.source}\u0000${e.target}`;
      total.set(key, (total.get(key) ?? 0) + 1);
    }
    const { docIds, perPair } = opts;
    // A document filter needs every row's document, so nothing is left out then.
    if (perPair && !docIds?.length) {
      // Per unordered pair: a hop shows its evidence whichever way it was stated.
      const undirected = new Map<string, EvidenceLink[]>();
      for (const e of edges) {
        const key = [e.source, e.target].sort().join('\u0000');
        const rows = undirected.get(key);
        if (rows) rows.push(e);
        else undirected.set(key, [e]);
      }
      edges = [...undirected.values()].flatMap((rows) =>
        rows.sort((x, y) => y.confidence - x.confidence || x.key - y.key).slice(0, perPair),
      );
    }
    const wanted = docIds?.length ? new Set(docIds) : null;
    const details = await lib.graph.evidenceDetails(edges.map((e) => e.key));
    const found = edges.flatMap((e) => {
      const v = details.get(e.key);
      return v && (!wanted || wanted.has(v.docId)) ? [{ s: e.source, t: e.target, v }] : [];
    });
    const docs = await lib.graph.documentTitles(found.map((f) => f.v.docId));
    const texts = new Map(
      (await lib.graph.chunksById(found.map((f) => f.v.chunkId))).map((c) => [c.id, c] as const),
    );
    const rows = found.map(({ s, t, v }) => ({
      id: v.id,
      source: s,
      target: t,
      ...citationOf(v),
      confidence: Number.isFinite(v.confidence) ? v.confidence : 1,
      title: docs.get(v.docId)?.title ?? '',
      year: docs.get(v.docId)?.year ?? null,
      ...chunkPlaceOf(texts.get(v.chunkId)),
    }));
    return { rows, total };
  }

  async function chunks(lib: Library, ids: string[]): Promise<Map<string, ChunkInfo>> {
    // Answered from what this call found, as getEntities is (the cache may be cleared meanwhile).
    const found = new Map<string, ChunkInfo>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const c = chunkCache.get(id);
      if (c) found.set(id, c);
      else missing.push(id);
    }
    if (missing.length)
      for (const c of await lib.graph.chunksWithDocuments(missing)) {
        chunkCache.set(c.id, c);
        found.set(c.id, c);
      }
    return found;
  }

  /** Document titles as names (multi-hop follows a passage's mention of another document's title). */
  function titles(lib: Library): Promise<TitleIndex> {
    titleIndex ??= lib.graph.listDocuments().then(
      (docs) => new TitleIndex(docs),
      (e: unknown) => {
        titleIndex = null;
        throw e;
      },
    );
    return titleIndex;
  }

  return { getEntities, communities, summaries, evidenceForPairs, chunks, titles, entityCache: entities };
}

export type GraphReads = ReturnType<typeof createGraphReads>;

export function toSummary(e: EntityRecord, communityId: string | null = null): EntitySummary {
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    description: e.description,
    aliases: e.aliases,
    evidenceCount: e.evidenceCount,
    communityId,
  };
}

/**
 * Where a quote of a chunk sits: its page, and when found in the chunk, its [start, end) in the document text,
 * its first and last page (a sentence across a page break cites both) and, for a quote from a caption or a
 * table, that figure's or table's label.
 */
export function quotePlace(
  chunk: Pick<ChunkInfo, 'text' | 'pageStart' | 'pageOffsets' | 'charStart'>,
  quote: string,
): { page: number; start?: number; end?: number; pages?: number[]; label?: string } {
  const at = quote ? chunk.text.indexOf(quote) : -1;
  if (at < 0) return { page: chunk.pageStart };
  const place = { pageStart: chunk.pageStart, pageOffsets: chunk.pageOffsets };
  const page = pageOfOffset(place, at);
  const last = pageOfOffset(place, at + Math.max(0, quote.length - 1));
  const cs = chunk.charStart ?? 0;
  const label = captionLabel(chunk.text, at, at + quote.length);
  return {
    page,
    start: cs + at,
    end: cs + at + quote.length,
    pages: last > page ? [page, last] : [page],
    ...(label ? { label } : {}),
  };
}

/** A chunk's text and place, for placing its sentences (a missing chunk: empty text on page 1). */
export function chunkPlaceOf(chunk: ChunkRecord | undefined) {
  return {
    chunkText: chunk?.text ?? '',
    chunkStart: chunk?.charStart ?? 0,
    chunkPageStart: chunk?.pageStart ?? 1,
    chunkPageOffsets: chunk?.pageOffsets.length ? chunk.pageOffsets : [0],
  };
}

/**
 * The citation of one piece of evidence: its own sentence and the page(s) that sentence is on. Rows written
 * with a span are sliced out of the chunk; older rows (no span) get the best sentence of their chunk found
 * again, its page computed from the chunk's page map, never the chunk's first page.
 */
export function evidenceCitation(ev: EvidenceInfo, sourceName: string, targetName: string): Citation {
  const base = {
    documentId: ev.docId,
    title: ev.title,
    shortTitle: shortTitle(ev.title),
    year: ev.year,
    chunkId: ev.chunkId,
  };
  const cs = ev.chunkStart ?? 0;
  const rel = ev.spanStart - cs;
  if (
    ev.chunkText &&
    ev.spanStart >= 0 &&
    ev.spanEnd > ev.spanStart &&
    rel >= 0 &&
    ev.spanEnd - cs <= ev.chunkText.length
  ) {
    const pageEnd = ev.pageEnd >= ev.page ? ev.pageEnd : ev.page;
    // Evidence a pass took from a table (its row) is cited by the table's label: "Table 2, p. 6".
    const label = captionLabel(ev.chunkText, rel, ev.spanEnd - cs);
    return {
      ...base,
      page: ev.page,
      quote: ev.chunkText.slice(rel, ev.spanEnd - cs),
      start: ev.spanStart,
      end: ev.spanEnd,
      pages: pageEnd > ev.page ? [ev.page, pageEnd] : [ev.page],
      ...(label ? { label } : {}),
    };
  }
  const found = ev.chunkText
    ? chunkSentences({
        text: ev.chunkText,
        charStart: cs,
        pageStart: ev.chunkPageStart ?? ev.page,
        pageOffsets: ev.chunkPageOffsets ?? [0],
      }).best(`${sourceName} ${targetName} ${ev.description}`, [sourceName, targetName], ev.description)
    : null;
  if (!found) return { ...base, page: Number.isFinite(ev.page) ? ev.page : null, quote: ev.description };
  return {
    ...base,
    page: found.page,
    quote: found.quote,
    start: found.start,
    end: found.end,
    pages: found.pageEnd > found.page ? [found.page, found.pageEnd] : [found.page],
  };
}

export function toEvidence(ev: EvidenceInfo, sourceName: string, targetName: string): Evidence {
  return {
    source: ev.source,
    target: ev.target,
    keywords: ev.keywords,
    description: ev.description,
    confidence: ev.confidence,
    citation: evidenceCitation(ev, sourceName, targetName),
  };
}
