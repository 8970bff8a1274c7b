import type { ChunkInfo } from '../graph-reads';
import { passageRelevance } from './relevance';
import type { QaContext } from './types';

export interface Ranked {
  id: string;
  /** 0..1, the best passage 1. */
  score: number;
  via: string;
}

export interface TitleBridgeOptions {
  /** Passages at the top of the ranking whose title mentions are followed (the first hop). */
  from?: number;
  /**
   * Share of its source passage's score a bridged passage keeps whatever it shares with the question; the
   * rest comes from how much of the question it covers. HotpotQA (100 questions, after personalised
   * PageRank) recall@5 / @2: 0.3 → 0.925 / 0.755, 0.6 → 0.945 / 0.810, 0.75 → 0.950 / 0.825,
   * 0.9 → 0.950 / 0.835: what the passage that names it is worth matters more than the words it shares.
   */
  keep?: number;
  /**
   * Hops by title in a row: each round follows the titles named by the best passages not followed yet, so a
   * three-hop question (A names B, B names C) reaches C. Two rounds leave HotpotQA (two hops) unchanged.
   */
  rounds?: number;
}

/** The passage a document opens with: what a mention of its title points at. */
const opening = (docId: string) => `${docId}:0`;

/**
 * Second hop by title: a passage among the best that names another document's title ("he played for the
 * Philadelphia Eagles") brings that document's opening passage in just below itself, ordered by how much of
 * the question it covers; a title named in the question itself brings its passage in at the top. A bridge
 * question ("the team he played for is based in what state?") needs exactly that second passage, which
 * shares few words with the question and is otherwise out of reach of passage search.
 * Returns the ranking with the bridged passages merged in (best first) and the chunks read on the way.
 */
export async function followTitles(
  ctx: QaContext,
  question: string,
  ranked: Ranked[],
  known: Map<string, ChunkInfo>,
  opts: TitleBridgeOptions = {},
): Promise<{ ranked: Ranked[]; chunks: Map<string, ChunkInfo> }> {
  const titles = await ctx.data.titles(ctx.lib);
  const keep = opts.keep ?? 0.9;
  let current = ranked;
  let chunks = known;
  type Offers = Map<string, { score: number; via: string }>;
  const offer = (offers: Offers, id: string, score: number, via: string) => {
    if ((offers.get(id)?.score ?? -1) < score) offers.set(id, { score, via });
  };
  /** Reads the offered passages and merges them in at their score, scaled by how much of the question they cover. */
  const merge = async (offers: Offers) => {
    const missing = [...offers.keys()].filter((id) => !chunks.has(id));
    if (missing.length) chunks = new Map([...chunks, ...(await ctx.data.chunks(ctx.lib, missing))]);
    const best = new Map(current.map((r) => [r.id, r]));
    for (const [id, o] of offers) {
      const chunk = chunks.get(id);
      if (!chunk) continue;
      const score = o.score * (keep + (1 - keep) * passageRelevance(question, chunk.text));
      if (score > (best.get(id)?.score ?? 0)) best.set(id, { id, score, via: o.via });
    }
    current = [...best.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  };
  // What the question names comes first, so the passages it names are followed like the walk's best.
  const asked: Offers = new Map();
  for (const m of titles.mentions(question))
    offer(asked, opening(m.docId), 1, `title named in the question: ${m.title}`);
  if (asked.size) await merge(asked);
  // A passage is followed again when a bridge raised its score: followed first at its walk score (a
  // three-hop chain's middle passage can sit in the top three before the first hop reaches it), its
  // offers carried that low score, and the third article fell below the distractors.
  const followed = new Map<string, number>();
  for (let round = 0; round < (opts.rounds ?? 2); round++) {
    const offers: Offers = new Map();
    for (const p of current.slice(0, opts.from ?? 3)) {
      const chunk = chunks.get(p.id);
      if (!chunk || (followed.get(p.id) ?? -1) >= p.score) continue;
      followed.set(p.id, p.score);
      for (const m of titles.mentions(chunk.text, { exclude: new Set([chunk.docId]) }))
        offer(offers, opening(m.docId), p.score, `title named in "${chunk.title}": ${m.title}`);
    }
    if (!offers.size) break;
    await merge(offers);
  }
  return { ranked: current, chunks };
}
