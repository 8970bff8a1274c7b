import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/** Three Markdown papers citing each other in two reference styles, with a decoy and a work not in the library. */
const paper = (title: string, authors: string, year: number, body: string, refs: string[]) =>
  `---\ntitle: ${title}\nauthors: ${authors}\n---\n\n# ${title}\n\nPublished ${year}.\n\n## Introduction\n\n${body}\n\n## References\n\n${refs.join('\n\n')}\n`;

const A = paper(
  'Oleoylethanolamide restores the gut barrier in obese mice',
  'Amara N. Okafor, Lukas Brenner',
  2019,
  'Oleoylethanolamide increased Akkermansia muciniphila in obese mice and reduced TNF in the colon.',
  [],
);
const B = paper(
  'Akkermansia muciniphila and mTOR signalling in diet-induced obesity',
  'Lukas Brenner, Mei Tanaka',
  2021,
  'Akkermansia muciniphila lowered mTOR signalling; oleoylethanolamide raised Akkermansia muciniphila in mice.',
  [
    '1. Okafor AN, Brenner L. Oleoylethanolamide restores the gut barrier in obese mice. J Transl Metab. 2019;14:101-12.',
    '2. Silva JP, Tanaka M. A review of the mucus layer. Gut Microbes. 2018;10:1-9. doi:10.5555/gut.2018.0001',
  ],
);
const C = paper(
  'TNF and the intestinal epithelium: a synthesis',
  'Mei Tanaka',
  2022,
  'TNF damages the intestinal epithelium; Akkermansia muciniphila protects it in obese mice.',
  [
    'Brenner, L., & Tanaka, M. (2021). Akkermansia muciniphila and mTOR signalling in diet-induced obesity. Cell Metab, 3, 1–9.',
    'Okafor, A. N. (2017). Oleoylethanolamide restores the gut barrier in obese mice. Obes Rev, 1, 2–3.',
    'Okafor, A. N., & Brenner, L. (2019). Oleoylethanolamide restores the gut barrier in obese mice. J Transl Metab, 14, 101–112.',
  ],
);

describe('citations between library documents', () => {
  let dir: string;
  let core: Core;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    dir = tempDir('ariadne-citations-');
    const files = Object.entries({ a: A, b: B, c: C }).map(([k, text]) => {
      const f = path.join(dir, `${k}.md`);
      fs.writeFileSync(f, text);
      return [k, f] as const;
    });
    core = await openCore(path.join(dir, 'lib'), createBuiltinProvider());
    // The citing papers first: a reference is matched when the document it names arrives later.
    const later = files.filter(([k]) => k === 'a');
    for (const batch of [files.filter(([k]) => k !== 'a'), later]) {
      const { res } = await ingestAll(
        core,
        batch.map(([, f]) => f),
      );
      res.added.forEach((a) => (ids[a.fileName.slice(0, 1)] = a.id));
    }
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pairs = async () =>
    (await core.handlers['citations:list']({}, ctx())).citations.map((c) => `${c.from}>${c.to}`).sort();

  it('matches references to documents by title, year and first author, whatever order they came in', async () => {
    expect(await pairs()).toEqual([`${ids.b}>${ids.a}`, `${ids.c}>${ids.a}`, `${ids.c}>${ids.b}`].sort());
  });

  it('lists what a document cites, what cites it, and its references not in the library', async () => {
    const b = await core.handlers['citations:document']({ documentId: ids.b ?? '' }, ctx());
    expect(b.referencesRead).toBe(true);
    expect(b.references).toBe(2);
    expect(b.cites.map((d) => d.id)).toEqual([ids.a]);
    expect(b.citedBy.map((d) => d.id)).toEqual([ids.c]);
    expect(b.missing).toHaveLength(1);
    expect(b.missing[0]).toMatchObject({
      doi: '10.5555/gut.2018.0001',
      year: 2018,
      authors: ['Silva', 'Tanaka'],
    });
    // The decoy (same title, 2017) is not taken for paper A: C's missing list keeps it.
    const c = await core.handlers['citations:document']({ documentId: ids.c ?? '' }, ctx());
    expect(c.missing.map((m) => m.year)).toEqual([2017]);
  });

  it('draws the paper map: first author and year, citations and shared entities', async () => {
    const map = await core.handlers['citations:paper-map']({ linksPerPaper: 4 }, ctx());
    expect(map.nodes.map((n) => n.label).sort()).toEqual(['Brenner 2021', 'Okafor 2019', 'Tanaka 2022']);
    const a = map.nodes.find((n) => n.id === ids.a);
    expect(a).toMatchObject({ citedBy: 2, cites: 0 });
    expect(a?.entities).toBeGreaterThan(0);
    expect(map.edges.filter((e) => e.kind === 'cites')).toHaveLength(3);
  });

  it('drops a deleted document’s citations both ways', async () => {
    await core.handlers['library:delete']({ documentId: ids.a ?? '' }, ctx());
    expect(await pairs()).toEqual([`${ids.c}>${ids.b}`]);
  });
});
