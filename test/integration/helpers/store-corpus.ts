import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Library } from '../../../src-main/core/library';
import { ingest, open, tempDir, type SyntheticDoc } from './store-fixtures';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const AKK = 'akkermansia muciniphila|organism';
const OB = 'obesity|disease';

/** Two small papers that share entities (Akkermansia, obesity) and each add their own. */
export const DOC_A: SyntheticDoc = {
  id: sha('paper A'),
  title: 'Oleoylethanolamide and the gut microbiota',
  chunks: [
    {
      text: 'Akkermansia muciniphila abundance fell with obesity in the cohort.',
      evidence: {
        entities: [
          {
            key: AKK,
            name: 'Akkermansia muciniphila',
            type: 'organism',
            description: 'A gut bacterium.',
            confidence: 0.9,
          },
          { key: OB, name: 'obesity', type: 'disease', description: 'Excess body fat.', confidence: 0.95 },
        ],
        relations: [
          {
            source: AKK,
            target: OB,
            keywords: ['inversely associated'],
            description: 'Lower abundance in obesity.',
            confidence: 0.8,
          },
        ],
      },
    },
    {
      text: 'Oleoylethanolamide supplementation increased Akkermansia muciniphila.',
      evidence: {
        entities: [
          {
            key: 'oleoylethanolamide|chemical',
            name: 'Oleoylethanolamide',
            type: 'chemical',
            description: 'A lipid mediator.',
            confidence: 0.9,
          },
          {
            key: AKK,
            name: 'Akkermansia muciniphila',
            type: 'organism',
            description: 'A gut bacterium.',
            confidence: 0.9,
          },
        ],
        relations: [
          { source: 'oleoylethanolamide|chemical', target: AKK, keywords: ['increases'], confidence: 0.7 },
        ],
      },
    },
  ],
};

export const DOC_B: SyntheticDoc = {
  id: sha('paper B'),
  title: 'Cross-talk between Akkermansia and the epithelium',
  chunks: [
    {
      text: 'A. muciniphila controls diet-induced obesity in mice.',
      evidence: {
        entities: [
          {
            key: AKK,
            name: 'A. muciniphila',
            type: 'organism',
            description: 'Mucin-degrading bacterium.',
            confidence: 0.85,
          },
          {
            key: OB,
            name: 'Obesity',
            type: 'disease',
            description: 'Diet-induced obesity.',
            confidence: 0.9,
          },
          { key: 'mouse|organism', name: 'mice', type: 'organism', confidence: 0.6 },
        ],
        relations: [
          {
            source: AKK,
            target: OB,
            keywords: ['controls'],
            description: 'Controls diet-induced obesity.',
            confidence: 0.9,
          },
          { source: 'mouse|organism', target: AKK, keywords: ['host'], confidence: 0.5 },
        ],
      },
    },
    {
      text: 'The intestinal epithelium responds to Akkermansia.',
      evidence: {
        entities: [
          {
            key: 'intestinal epithelium|anatomy',
            name: 'intestinal epithelium',
            type: 'anatomy',
            confidence: 0.8,
          },
          { key: AKK, name: 'Akkermansia', type: 'organism', confidence: 0.7 },
        ],
        relations: [
          { source: 'intestinal epithelium|anatomy', target: AKK, keywords: ['cross-talk'], confidence: 0.6 },
        ],
      },
    },
  ],
};

/**
 * A library in a temp folder holding both papers, opened before the file's tests and removed after them.
 * Returns a getter: the library exists only once the hooks have run.
 */
export function useTwoPaperLibrary(): () => Library {
  let dir = '';
  let lib: Library | undefined;
  beforeAll(async () => {
    dir = tempDir();
    lib = await open(dir);
    await ingest(lib, DOC_A);
    await ingest(lib, DOC_B);
  });
  afterAll(async () => {
    await lib?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => lib!;
}
