import path from 'node:path';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeBibtexExport, makeZoteroLibrary, type ZoteroFixtureItem } from '../fixtures/make-zotero';
import { ctx, fixtureFiles, openCore, tempDir } from './ingest/harness';

/** Zotero libraries generated with Zotero's own schema, imported through the real pipeline. */
describe('Zotero import', () => {
  let items: ZoteroFixtureItem[];
  const cores: Core[] = [];
  beforeAll(async () => {
    const f = await fixtureFiles();
    // Zotero's metadata deliberately differs from what the PDFs print, so the test sees which one wins.
    items = [
      {
        key: 'ABCD2345',
        title: 'OEA and the gut microbiome (as catalogued in Zotero)',
        authors: [
          ['Amara', 'Okafor'],
          ['Lukas', 'Brenner'],
          ['Zoe', 'Curator'],
        ],
        date: '2022-05-00 May 2022',
        doi: 'https://doi.org/10.5555/ZOTERO.1',
        journal: 'Journal of Translational Metabolism',
        volume: '14',
        issue: '2',
        pages: '101-112',
        url: 'https://example.org/jtm/14/101',
        tags: ['obesity', 'microbiome'],
        collections: ['Gut–brain axis'],
        pdf: f.papers[0]!.file,
      },
      {
        key: 'EFGH6789',
        title: 'Metformin in TP53 mutant cancer',
        authors: [['Linh', 'Nguyen']],
        date: '2019',
        tags: [],
        collections: ['Oncology'],
        pdf: f.papers[1]!.file,
      },
      {
        key: 'JKLM2345',
        title: 'A book without a PDF',
        authors: [],
        date: '2001',
        tags: [],
        collections: [],
      },
      {
        key: 'NPQR2345',
        title: 'Deleted item',
        authors: [],
        date: '2001',
        tags: [],
        collections: [],
        deleted: true,
      },
    ];
  });
  afterAll(async () => {
    for (const c of cores) await c.close();
  });

  const open = async () => {
    const core = await openCore(tempDir('ariadne-zotero-'), createBuiltinProvider());
    cores.push(core);
    return core;
  };
  const expectZoteroMetadata = async (core: Core) => {
    const { documents } = await core.handlers['library:list']({}, ctx());
    expect(documents).toHaveLength(2);
    const a = documents.find((d) => d.reference?.itemKey === 'ABCD2345')!;
    expect(a.status).toBe('done');
    expect(a.title).toBe(items[0]!.title);
    expect(a.authors).toEqual(['Amara Okafor', 'Lukas Brenner', 'Zoe Curator']);
    expect(a.year).toBe(2022);
    expect(a.doi).toBe('10.5555/zotero.1');
    expect(a.reference?.tags.sort()).toEqual(['microbiome', 'obesity']);
    expect(documents.find((d) => d.reference?.itemKey === 'EFGH6789')?.title).toBe(items[1]!.title);
    // The library's BibTeX carries what Zotero knew, and a BibTeX parser reads it back.
    const { text } = await core.handlers['export:bibtex']({}, ctx());
    const bib = parseBibtex(text, { sentenceCase: false });
    expect(bib.errors).toEqual([]);
    const entry = bib.entries.find((e) => e.fields.title === items[0]!.title)!;
    expect(entry.type).toBe('article');
    expect(entry.fields).toMatchObject({
      journal: 'Journal of Translational Metabolism',
      volume: '14',
      number: '2',
      doi: '10.5555/zotero.1',
      url: 'https://example.org/jtm/14/101',
    });
    expect(String(entry.fields.pages)).toMatch(/^101\s*[-–]+\s*112$/);
    return documents;
  };

  it('imports a Zotero data folder with its metadata and item keys; a second import adds nothing', async () => {
    const dir = await makeZoteroLibrary(tempDir('zotero-data-'), items);
    const core = await open();
    const res = await core.handlers['library:import-zotero']({ source: dir }, ctx());
    expect(res.items).toBe(3); // the trashed item is not an item to import
    expect(res.added.map((a) => a.itemKey).sort()).toEqual(['ABCD2345', 'EFGH6789']);
    expect(res.withoutFile).toEqual(['A book without a PDF']);
    await core.ingest.waitFor(res.added.map((a) => a.id));
    const docs = await expectZoteroMetadata(core);
    expect(docs.find((d) => d.reference?.itemKey === 'ABCD2345')?.reference?.collections).toEqual([
      'Gut–brain axis',
    ]);

    const again = await core.handlers['library:import-zotero'](
      { source: path.join(dir, 'zotero.sqlite') },
      ctx(),
    );
    expect(again.added).toEqual([]);
    expect(again.known).toBe(2);
    expect((await core.handlers['library:list']({}, ctx())).documents).toHaveLength(2);

    // Re-reading keeps the Zotero record; citations use it.
    const a = docs.find((d) => d.reference?.itemKey === 'ABCD2345')!;
    await core.handlers['library:reingest']({ documentId: a.id }, ctx());
    await core.ingest.waitFor([a.id]);
    await expectZoteroMetadata(core);
  });

  it('imports a Better BibTeX export with its files the same way', async () => {
    const bib = makeBibtexExport(tempDir('zotero-bib-'), items);
    const core = await open();
    const res = await core.handlers['library:import-zotero']({ source: bib }, ctx());
    expect(res.added).toHaveLength(2);
    await core.ingest.waitFor(res.added.map((a) => a.id));
    await expectZoteroMetadata(core);
    expect((await core.handlers['library:import-zotero']({ source: bib }, ctx())).known).toBe(2);
  });

  it('says what to give it when the source is not a Zotero library', async () => {
    const core = await open();
    await expect(
      core.handlers['library:import-zotero']({ source: tempDir('empty-') }, ctx()),
    ).rejects.toThrow(/No zotero\.sqlite.*data folder/);
    await expect(
      core.handlers['library:import-zotero']({ source: (await fixtureFiles()).papers[0]!.file }, ctx()),
    ).rejects.toThrow(/not a Zotero source/);
  });
});
