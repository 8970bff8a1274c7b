import { pageSpan } from '../../nlp/pages';
import { sentenceSpans } from '../../nlp/sentences';

/**
 * Token estimate: one token per 4 characters, rounded up. Chosen because it is model-agnostic, costs
 * nothing, and is the same everywhere (chunking, prompt budgets, UI); for English scientific prose BPE
 * tokenizers give 3.5–4.5 characters per token, so a 1000-token block is ~4000 characters, and prompts keep
 * a margin for gene names and numbers, which tokenize worse.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export interface TextBlock {
  index: number;
  /** Exactly `source.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  tokens: number;
  /** 1-based, inclusive; from the page offset map (1 when none is given). */
  pageStart: number;
  pageEnd: number;
}

export interface SplitOptions {
  /** Upper bound per block, in estimated tokens. Default 1000. */
  maxTokens?: number;
  pageOffsets?: readonly number[];
}

type Span = [number, number];

/** Cut points after each separator occurrence, for one level of the hierarchy. */
function cutPoints(text: string, [s, e]: Span, level: number): number[] {
  const slice = text.slice(s, e);
  const cuts: number[] = [];
  if (level === 0 || level === 1) {
    const re = level === 0 ? /\n[ \t]*\n\s*/g : /\n\s*/g;
    for (const m of slice.matchAll(re)) cuts.push(s + m.index + m[0].length);
  } else if (level === 2) {
    // The toolkit's sentences: a passage never ends inside one, so its evidence quotes whole sentences.
    for (const sp of sentenceSpans(slice)) cuts.push(s + sp.start);
  } else if (level === 3) {
    for (const m of slice.matchAll(/\s+/g)) cuts.push(s + m.index + m[0].length);
  }
  return cuts.filter((c) => c > s && c < e);
}

/**
 * Splits `span` into pieces of at most `maxChars`, preferring the coarsest separator: blank line, then line,
 * then sentence, then word; a single over-long word is cut hard. Pieces are contiguous and cover the span.
 */
function split(text: string, span: Span, maxChars: number, level: number): Span[] {
  if (span[1] - span[0] <= maxChars) return [span];
  if (level > 3) {
    const out: Span[] = [];
    for (let s = span[0]; s < span[1]; s += maxChars) out.push([s, Math.min(span[1], s + maxChars)]);
    return out;
  }
  const cuts = cutPoints(text, span, level);
  if (!cuts.length) return split(text, span, maxChars, level + 1);
  const pieces: Span[] = [];
  let prev = span[0];
  for (const c of [...cuts, span[1]]) {
    pieces.push([prev, c]);
    prev = c;
  }
  // Greedy packing of whole pieces; a piece too big on its own goes down one separator level.
  const out: Span[] = [];
  let cur: Span | null = null;
  for (const p of pieces) {
    if (p[1] - p[0] > maxChars) {
      if (cur) out.push(cur);
      cur = null;
      out.push(...split(text, p, maxChars, level + 1));
    } else if (cur && p[1] - cur[0] <= maxChars) cur = [cur[0], p[1]];
    else {
      if (cur) out.push(cur);
      cur = p;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * Splits document text into blocks of at most ~maxTokens on the separator hierarchy (blank line → line →
 * sentence → word). Sentences are split only when one alone exceeds the budget. Each block carries its
 * character span in `text` (whitespace between blocks belongs to none) and its page span. Pure.
 */
export function splitIntoBlocks(text: string, opts: SplitOptions = {}): TextBlock[] {
  const maxChars = Math.max(1, (opts.maxTokens ?? 1000) * CHARS_PER_TOKEN);
  const offsets = opts.pageOffsets ?? [0];
  const blocks: TextBlock[] = [];
  for (const [s0, e0] of split(text, [0, text.length], maxChars, 0)) {
    let s = s0;
    let e = e0;
    while (s < e && /\s/.test(text.charAt(s))) s++;
    while (e > s && /\s/.test(text.charAt(e - 1))) e--;
    if (s === e) continue;
    const [pageStart, pageEnd] = pageSpan(s, e, offsets);
    const t = text.slice(s, e);
    blocks.push({
      index: blocks.length,
      text: t,
      start: s,
      end: e,
      tokens: estimateTokens(t),
      pageStart,
      pageEnd,
    });
  }
  return blocks;
}
