import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { addEvidenceInParts, evidenceParts } from '../../src-main/core/ingest/pipeline/commit';
import { canonicalDump, openLibrary, type Library } from '../../src-main/core/library';
import type { ChunkEvidence } from '../../src-main/core/store/types';
import { entityIdForKey } from '../../src-main/core/store/ids';
import { tempDir } from './ingest/harness';

/**
 * A document's evidence is written in parts so a store transaction never holds a whole long document; the
 * graph must come out as from one transaction, including where resolution attached a mention in an early
 * passage to an entity a later passage creates.
 */
const DOC = 'd'.repeat(64);

function items(): ChunkEvidence[] {
  const out: ChunkEvidence[] = [];
  for (let c = 0; c < 12; c++) {
    const a = `gene:tp${c}`;
    const b = `chemical:drug${c % 4}`;
    const entities = [
      { key: a, name: `TP${c}`, type: 'gene', description: `gene ${c}` },
      { key: b, name: `drug${c % 4}`, type: 'chemical' },
      // Attached by resolution to an entity the last passage creates.
      ...(c < 3
        ? [{ key: `gene:p${c}`, id: entityIdForKey('gene:p53'), name: `p53 form ${c}`, type: 'gene' }]
        : []),
      ...(c === 11 ? [{ key: 'gene:p53', name: 'p53', type: 'gene', description: 'tumour suppressor' }] : []),
    ];
    const relations = [
      { source: b, target: a, keywords: ['inhibits'], description: `drug${c % 4} inhibits TP${c}` },
    ];
    out.push({ docId: DOC, chunkIndex: c, entities, relations });
  }
  return out;
}

async function libraryWithChunks(): Promise<Library> {
  const lib = await openLibrary({ dataDir: tempDir(), clock: systemClock, log: createMemoryLogger() });
  await lib.graph.upsertDocument({
    id: DOC,
    title: 'Doc',
    status: 'running',
    fileName: 'd.txt',
    originalPath: '',
  });
  await lib.graph.upsertChunks(
    DOC,
    Array.from({ length: 12 }, (_, i) => ({
      index: i,
      text: `Passage ${i}: drug${i % 4} inhibits TP${i}; p53.`,
      pageStart: 1,
      pageEnd: 1,
      charStart: i * 100,
      charEnd: i * 100 + 40,
    })),
  );
  return lib;
}

describe('a commit in parts', () => {
  const open: Library[] = [];
  afterAll(async () => {
    for (const l of open) await l.close();
  });

  it('writes the same graph as one transaction, whatever the part size', async () => {
    const whole = await libraryWithChunks();
    open.push(whole);
    await whole.graph.addEvidence(items());
    const expected = await canonicalDump(whole);
    for (const rows of [1, 4, 9]) {
      const lib = await libraryWithChunks();
      open.push(lib);
      const res = await addEvidenceInParts(lib.graph, items(), rows);
      expect(res.removedEntityIds).toEqual([]);
      expect(res.touchedEntityIds).toContain(entityIdForKey('gene:p53'));
      expect(await canonicalDump(lib)).toEqual(expected);
    }
  });

  it('keeps each part within its size where early passages attach to an entity a late one creates', async () => {
    const rowsOf = (part: ChunkEvidence[]) =>
      part.reduce((n, it) => n + it.entities.length + it.relations.length, 0);
    const all = items();
    const largest = Math.max(...all.map((it) => rowsOf([it])));
    for (const rows of [4, 9]) {
      const parts = evidenceParts(all, rows);
      // In document order the first part had to run to the passage creating p53 (all twelve).
      expect(Math.max(...parts.map(rowsOf))).toBeLessThanOrEqual(Math.max(rows, largest));
      expect(
        parts
          .flat()
          .map((it) => it.chunkIndex)
          .sort((a, b) => a - b),
      ).toEqual(all.map((it) => it.chunkIndex));
      // Every attached entity is created in an earlier part or in its own.
      const created = new Set<string>();
      for (const part of parts) {
        for (const it of part) for (const e of it.entities) if (!e.id) created.add(entityIdForKey(e.key));
        for (const it of part) for (const e of it.entities) if (e.id) expect(created).toContain(e.id);
      }
    }
  });
});
