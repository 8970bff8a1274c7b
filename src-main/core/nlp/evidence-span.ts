import { sentenceSpans } from './sentences';
import { isStopWord } from './stopwords';
import { pageOfOffset } from './pages';
import { isProseSpan, nonProseSpans, type NonProseSpan } from './prose';
import { at } from '../at';

/** What locating a sentence in a stored chunk needs; `pageOffsets` are chunk-relative (see ChunkInput). */
export interface ChunkPlace {
  text: string;
  /** Offset of the chunk's first character in the document text. */
  charStart: number;
  pageStart: number;
  pageOffsets: readonly number[];
}

/** A sentence of a chunk, placed in the document: `[start, end)` in the document text, first and last page. */
export interface PlacedSentence {
  start: number;
  end: number;
  page: number;
  pageEnd: number;
  quote: string;
}

/** Content words for overlap scoring: NFKC, lower case, letters/digits, no stop words. */
function words(s: string): Set<string> {
  const out = new Set<string>();
  for (const m of s
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if ((w.length > 2 || /\d/.test(w)) && !isStopWord(w)) out.add(w);
  }
  return out;
}

const flat = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/**
 * The non-prose paragraphs of a whole document, from its chunks in order (document offsets). A table's
 * cells often open the chunk after its caption; typed chunk by chunk, they would pass for prose.
 */
export function documentNonProse(chunks: readonly ChunkPlace[]): NonProseSpan[] {
  const parts: string[] = [];
  let at = 0;
  for (const c of [...chunks].sort((a, b) => a.charStart - b.charStart)) {
    const gap = c.charStart - at;
    // Chunks leave out only the white space between them; a gap of two or more was a paragraph break.
    if (gap > 0) parts.push(gap >= 2 ? '\n\n' + ' '.repeat(gap - 2) : ' ');
    parts.push(c.text);
    at = c.charStart + c.text.length;
  }
  return nonProseSpans(parts.join(''));
}

/**
 * The sentences of one chunk, split once, and the rule that picks the one supporting a claim. Ingestion uses
 * it to store each piece of evidence with its own sentence; readers use it for rows stored before spans were.
 * Only prose is quoted: captions, tables, affiliations and headings (see prose.ts; `documentNonProse` when the
 * whole document is at hand, else found in the chunk) are left out, unless the chunk has nothing else.
 */
export function chunkSentences(chunk: ChunkPlace, documentNonProse?: readonly NonProseSpan[]) {
  const local = sentenceSpans(chunk.text);
  const base = documentNonProse ? chunk.charStart : 0;
  const nonProse = documentNonProse ?? nonProseSpans(chunk.text);
  const prose = local.filter((s) => isProseSpan(nonProse, s.start + base, s.end + base));
  const pool = prose.length ? prose : local;
  const texts = pool.map((s) => chunk.text.slice(s.start, s.end));
  const flats = texts.map(flat);
  const wordSets = texts.map(words);

  const pageAt = (rel: number) => pageOfOffset(chunk, rel);
  const place = (i: number): PlacedSentence => {
    const s = at(pool, i);
    return {
      start: chunk.charStart + s.start,
      end: chunk.charStart + s.end,
      page: pageAt(s.start),
      pageEnd: pageAt(Math.max(s.start, s.end - 1)),
      quote: at(texts, i),
    };
  };

  return {
    count: pool.length,
    /**
     * The sentence that best supports `claim`: the sentence `readFrom` itself when the claim was read from a
     * sentence of the chunk (the built-in engine's relations carry theirs as their description), else most
     * of the named entities written in it first, then the share of the claim's content words it carries; the
     * earliest wins a tie. Null for an empty chunk. Scored instead, a relation read from one sentence cited
     * another that wrote its entities' long forms: 25 of 181 path hops on the fixture papers.
     */
    best(claim: string, names: readonly string[] = [], readFrom = ''): PlacedSentence | null {
      if (!pool.length) return null;
      const own = readFrom ? flats.indexOf(flat(readFrom).trim()) : -1;
      if (own >= 0) return place(own);
      const want = words(claim);
      const named = names.map(flat).filter(Boolean);
      let bestI = 0;
      let bestScore = -1;
      // texts, flats and wordSets hold one entry per sentence of the pool.
      for (const [i, wordSet] of wordSets.entries()) {
        let hit = 0;
        for (const w of want) if (wordSet.has(w)) hit++;
        const flatText = at(flats, i);
        const nameHits = named.filter((n) => flatText.includes(n)).length;
        const score = nameHits + (want.size ? hit / want.size : 0);
        if (score > bestScore) {
          bestScore = score;
          bestI = i;
        }
      }
      return place(bestI);
    },
    /** The first sentence that writes `name`, or null. */
    naming(name: string): PlacedSentence | null {
      const n = flat(name).trim();
      if (!n) return null;
      const i = flats.findIndex((f) => f.includes(n));
      return i < 0 ? null : place(i);
    },
  };
}
