import { wink } from './wink';
import { at } from '../at';

/** wink-nlp's reading of a text: its tokens with character offsets and POS tags, and its sentence cuts. */
export interface TextTokens {
  values: readonly string[];
  pos: readonly string[];
  /** The white space written before each token ("" when it touches the one before). */
  spaces: readonly string[];
  /** Character offsets of each token in the text. */
  starts: readonly number[];
  ends: readonly number[];
  /** wink-nlp's sentences as [first, last] token indexes, before the rules for scientific prose. */
  sentences: readonly (readonly [number, number])[];
}

/** The last text read and its tokens (read-only to every caller). */
let last: { text: string; tokens: TextTokens } | null = null;

/**
 * One wink-nlp pass over a text. The sentence splitter and the built-in engine's words both read a passage,
 * one after the other; the pass is kept for the last text, so a passage is tokenised once (it was a third of
 * the engine's CPU).
 */
export function readTokens(text: string): TextTokens {
  if (last?.text !== text) last = { text, tokens: readAnew(text) };
  return last.tokens;
}

function readAnew(text: string): TextTokens {
  const nlp = wink();
  const doc = nlp.readDoc(text);
  const toks = doc.tokens();
  const values = toks.out() as string[];
  const pos = toks.out(nlp.its.pos) as string[];
  const spaces = toks.out(nlp.its.precedingSpaces) as string[];
  const starts: number[] = new Array(values.length);
  const ends: number[] = new Array(values.length);
  let offset = 0;
  // wink keeps every character (value + preceding spaces rebuild the input); the search guards against
  // drift where it normalised a token (rare: quotes, ellipses), keeping the running offset then.
  for (let i = 0; i < values.length; i++) {
    offset += at(spaces, i).length;
    const value = at(values, i);
    const found = text.startsWith(value, offset) ? offset : text.indexOf(value, offset);
    const start = found >= 0 && found - offset <= 2 ? found : offset;
    starts[i] = start;
    ends[i] = start + value.length;
    offset = start + value.length;
  }
  const spans = doc.sentences().out(nlp.its.span) as unknown as [number, number][];
  return {
    values,
    pos,
    spaces,
    starts,
    ends,
    sentences: spans.filter(([a, b]) => a <= b && b < values.length),
  };
}
