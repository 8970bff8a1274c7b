/** Dimension of the built-in embeddings, fixed so a library keeps one vector shape. */
export const BUILTIN_EMBED_DIM = 384;
export const BUILTIN_EMBED_MODEL = 'builtin-ngram-384';

/** 32-bit FNV-1a: fast, dependency-free and stable across platforms and versions. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  return fnv1aRange(s, 0, s.length, seed);
}

/** `fnv1a(s.slice(start, end), seed)` without making the slice. */
function fnv1aRange(s: string, start: number, end: number, seed: number): number {
  let h = seed >>> 0;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Hashed character n-gram embedding (the "hashing trick" over 3–5-grams plus whole words), L2-normalised.
 * It captures lexical and morphological similarity ("senescence" ~ "senescent"), not meaning, which is
 * what an offline install can do without a model. A second hash picks the sign to reduce collision bias.
 */
export function hashedEmbedding(text: string, dim = BUILTIN_EMBED_DIM): number[] {
  const v = new Float64Array(dim);
  const norm = text.toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();
  // A feature is a range of a string, hashed in place: slicing every n-gram was most of the cost.
  const add = (s: string, start: number, end: number, weight: number) => {
    const h = fnv1aRange(s, start, end, 0x811c9dc5);
    const sign = fnv1aRange(s, start, end, 0x9747b28c) & 1 ? 1 : -1;
    // h % dim is always inside the array: `?? 0` only satisfies the index check, at no cost in this loop.
    const k = h % dim;
    v[k] = (v[k] ?? 0) + sign * weight;
  };
  for (const w of norm.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = `w:${w}`;
    add(word, 0, word.length, 1.5);
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++) add(padded, i, i + n, 1);
    }
  }
  let sum = 0;
  for (const x of v) sum += x * x;
  if (sum === 0) {
    // Empty or symbol-only text still needs a unit vector; give it its own fixed direction.
    v[fnv1a('\u2205') % dim] = 1;
    sum = 1;
  }
  const len = Math.sqrt(sum);
  return Array.from(v, (x) => x / len);
}
