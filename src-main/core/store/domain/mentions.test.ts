import { describe, expect, it } from 'vitest';
import { entityIdForKey } from '../ids';
import { entityCandidates, entityReferences, evidenceRows, requireChunks } from './mentions';
import type { ChunkEvidence } from '../types';

const pe = entityIdForKey('pulmonary embolism|disease');
const heparin = entityIdForKey('heparin|drug');

/** One chunk naming pulmonary embolism three times (two case variants of one form, one abbreviation). */
const chunk: ChunkEvidence = {
  docId: 'd1',
  chunkIndex: 0,
  entities: [
    { key: 'pulmonary embolism|disease', name: 'Pulmonary embolism', type: 'disease', confidence: 0.6 },
    { key: 'pulmonary embolism|disease', name: 'pulmonary embolism', type: 'disease', confidence: 0.9 },
    { key: 'pulmonary embolism|disease', name: 'PE', type: 'disease', span: { start: 4, end: 20 } },
    { key: 'heparin|drug', name: 'heparin', type: 'drug' },
  ],
  relations: [
    { source: 'heparin|drug', target: 'pulmonary embolism|disease', keywords: ['treats'] },
    { source: 'heparin|drug', target: 'pulmonary embolism|disease', page: 3, pageEnd: 4 },
  ],
};
const resolved = new Map([
  ['pulmonary embolism|disease', pe],
  ['heparin|drug', heparin],
]);

describe('evidence rows shared by the graph backends', () => {
  it('keeps one mention per surface form, the most confident case variant, with its span', () => {
    const { mentions } = evidenceRows([chunk], resolved, () => 7);
    expect(mentions.map((m) => [m.entityId, m.surface, m.confidence, m.spanStart])).toEqual([
      [pe, 'pulmonary embolism', 0.9, -1],
      [pe, 'PE', 1, 4],
      [heparin, 'heparin', 1, -1],
    ]);
    expect(mentions.map((m) => m.id)).toEqual(['d1:0#m0', 'd1:0#m1', 'd1:0#m2']);
  });

  it("cites a relation without a page on its chunk's first page", () => {
    const { relations } = evidenceRows([chunk], resolved, () => 7);
    expect(relations.map((r) => [r.src, r.dst, r.page, r.pageEnd, r.keywords])).toEqual([
      [heparin, pe, 7, -1, ['treats']],
      [heparin, pe, 3, 4, []],
    ]);
  });

  it('refuses a relation naming an entity the chunk does not list', () => {
    const bad = { ...chunk, relations: [{ source: 'heparin|drug', target: 'warfarin|drug' }] };
    expect(() => evidenceRows([bad], resolved, () => 1)).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });

  it('takes a new entity from its own mention, not from a key merged into it', () => {
    // "PE" resolved onto the long form's entity: the long form's own mention names the new entity.
    const merged: ChunkEvidence = {
      docId: 'd1',
      chunkIndex: 0,
      entities: [
        { key: 'pe|disease', name: 'PE', type: 'disease' },
        { key: 'pulmonary embolism|disease', name: 'pulmonary embolism', type: 'disease' },
      ],
      relations: [],
    };
    const ids = new Map([
      ['pe|disease', pe],
      ['pulmonary embolism|disease', pe],
    ]);
    expect(entityCandidates([merged], ids).get(pe)).toEqual({
      key: 'pulmonary embolism|disease',
      name: 'pulmonary embolism',
      type: 'disease',
    });
  });

  it('splits references into ids and keys, and rejects a batch without keys or with unknown chunks', () => {
    const refs = entityReferences([
      {
        ...chunk,
        entities: [
          { key: 'a|x', name: 'a', type: 'x' },
          { key: 'b|x', id: 'e_1', name: 'b', type: 'x' },
        ],
      },
    ]);
    expect([...refs.explicit]).toEqual(['e_1']);
    expect([...refs.keys]).toEqual(['a|x']);
    expect([...refs.ownIds]).toEqual([entityIdForKey('a|x')]);
    expect(() => entityReferences([{ ...chunk, entities: [{ key: '', name: 'a', type: 'x' }] }])).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
    expect(() => requireChunks(['d1:0', 'd1:1'], (c) => c === 'd1:0')).toThrow(/unknown chunks: d1:1/);
  });
});
