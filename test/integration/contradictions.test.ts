import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * `graph:contradictions` lists evidence of opposite sign between the same two entities: one paper says
 * rapamycin decreases mTOR signalling, another that it increases it, a third that it does not decrease it.
 * Each side carries its quote, document and page; a pair that only agrees (or only co-occurs) is not listed.
 */
describe('graph:contradictions', () => {
  let core: Core;
  beforeAll(async () => {
    const dir = tempDir('ariadne-contra-docs-');
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const files = [
      write(
        'a.txt',
        'Rapamycin and mTOR in ageing\n\nIn liver extracts, rapamycin decreased mTOR signalling within an hour. Metformin increased lactate release.\n',
      ),
      write(
        'b.txt',
        'A paradoxical response\n\nIn cultured neurons, rapamycin increased mTOR signalling after long exposure. Metformin increased lactate release.\n',
      ),
      write(
        'c.txt',
        'A null result\n\nIn our hands, rapamycin did not decrease mTOR signalling in muscle fibres.\n',
      ),
    ];
    core = await openCore(tempDir('ariadne-contra-lib-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, files);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  it('finds opposite signs and a denial between the same pair, with both quotes and their documents', async () => {
    const { contradictions } = await core.handlers['graph:contradictions']({ limit: 100 }, ctx());
    const about = contradictions.filter(
      (c) => c.source.name.toLowerCase() === 'rapamycin' && c.target.name === 'mTOR',
    );
    const opposite = about.find((c) => c.kind === 'opposite-sign');
    expect(opposite).toBeDefined();
    expect(opposite!.sides.map((s) => s.claim)).toEqual(['increases', 'decreases']);
    expect(opposite!.documents).toBe(2);
    expect(opposite!.sides[0].evidence[0]!.citation.quote).toBe(
      'In cultured neurons, rapamycin increased mTOR signalling after long exposure.',
    );
    expect(opposite!.sides[1].evidence[0]!.citation.quote).toBe(
      'In liver extracts, rapamycin decreased mTOR signalling within an hour.',
    );
    for (const side of opposite!.sides) expect(side.evidence[0]!.citation.page).toBe(1);
    const denied = about.find((c) => c.kind === 'denied');
    expect(denied?.sides.map((s) => s.claim)).toEqual(['decreases', 'does not decrease']);
    expect(denied!.sides[1].evidence[0]!.citation.quote).toContain('did not decrease');
    // Agreement is no disagreement: both papers say metformin increases lactate release.
    expect(contradictions.some((c) => c.source.name.toLowerCase() === 'metformin')).toBe(false);
  });

  it('narrows to one entity and to documents', async () => {
    const all = await core.handlers['graph:contradictions']({ limit: 100 }, ctx());
    const mtor = all.contradictions[0]!.target.id;
    const one = await core.handlers['graph:contradictions']({ entityId: mtor, limit: 100 }, ctx());
    expect(one.contradictions.length).toBeGreaterThan(0);
    for (const c of one.contradictions) expect([c.source.id, c.target.id]).toContain(mtor);
    const docs = (await core.handlers['library:list']({}, ctx())).documents;
    const a = docs.find((d) => d.fileName === 'a.txt')!.id;
    const onlyA = await core.handlers['graph:contradictions']({ documentIds: [a], limit: 100 }, ctx());
    expect(onlyA.contradictions).toEqual([]);
  });
});
