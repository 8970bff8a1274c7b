import { createHash } from 'node:crypto';
import type { SyntheticDoc } from './store-fixtures';

const TYPES = ['organism', 'disease', 'chemical', 'gene'];

/** A deterministic small document whose entities come from a shared pool, so documents overlap. */
export function syntheticDoc(i: number, pool = 30, chunks = 3): SyntheticDoc {
  const id = createHash('sha256').update(`synthetic ${i}`).digest('hex');
  const ent = (n: number) => {
    const k = n % pool;
    return {
      key: `entity ${k}|${TYPES[k % 4]}`,
      name: `Entity ${k}`,
      type: TYPES[k % 4]!,
      description: `Entity ${k} as seen in doc ${i}.`,
      confidence: 0.5 + ((i + k) % 5) / 10,
    };
  };
  return {
    id,
    title: `Synthetic paper ${i}`,
    chunks: Array.from({ length: chunks }, (_, c) => {
      const es = [ent(i * 7 + c), ent(i * 3 + c * 5 + 1), ent(i + c * 11 + 2)];
      const uniq = [...new Map(es.map((e) => [e.key, e])).values()];
      return {
        text: `Paper ${i} chunk ${c}: ${uniq.map((e) => e.name).join(' interacts with ')}.`,
        evidence: {
          entities: uniq,
          relations: uniq.slice(1).map((e, j) => ({
            source: uniq[j]!.key,
            target: e.key,
            keywords: [`kw${(i + j) % 4}`],
            confidence: 0.7,
          })),
        },
      };
    }),
  };
}
