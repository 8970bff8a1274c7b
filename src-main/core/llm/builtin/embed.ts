import { at } from '../../at';
/** Dimension of the built-in embeddings, fixed so a library keeps one vector shape. */
export const BUILTIN_EMBED_DIM = 384;
export const BUILTIN_EMBED_MODEL = 'builtin-ngram-384';

/** 32-bit FNV-1a: fast, dependency-free and stable across platforms and versions. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
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
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
    const k = h % dim;
    v[k] = at(v, k) + sign * weight;
  };
  for (const w of norm.match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w:${w}`, 1.5);
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n), 1);
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
