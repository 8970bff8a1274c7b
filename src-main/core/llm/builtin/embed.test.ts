import { describe, expect, it } from 'vitest';
import { BUILTIN_EMBED_DIM, fnv1a, hashedEmbedding } from './embed';

/** The embedding as first written, slicing every n-gram: stored vectors must not change. */
function reference(text: string, dim = BUILTIN_EMBED_DIM): number[] {
  const v = new Float64Array(dim);
  const norm = text.toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();
  const add = (feature: string, weight: number) => {
    const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
    v[fnv1a(feature) % dim]! += sign * weight;
  };
  for (const w of norm.match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w:${w}`, 1.5);
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n), 1);
  }
  let sum = 0;
  for (const x of v) sum += x * x;
  if (sum === 0) {
    v[fnv1a('\u2205') % dim] = 1;
    sum = 1;
  }
  return Array.from(v, (x) => x / Math.sqrt(sum));
}

describe('hashedEmbedding', () => {
  it('gives the vectors libraries already store', () => {
    for (const t of [
      '',
      '— !',
      'Metformin activates AMPK in hepatocytes.',
      'Angiotensin-converting enzyme (ACE) inhibitors 𝑥 Ω 2.1 Å',
    ]) {
      expect(hashedEmbedding(t)).toEqual(reference(t));
    }
  });
});
