import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import Graph from 'graphology';
import { parse as parseGraphml } from 'graphology-graphml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, fixtureFiles, ingestAll, openCore, tempDir } from './ingest/harness';

/** Exports of a real library (fixture papers through the pipeline) read back by other tools' parsers. */
describe('exports of the fixture library', () => {
  let core: Core;
  const filters = { direction: 'both' as const, minEvidence: 1 };
  beforeAll(async () => {
    core = await openCore(tempDir('ariadne-export-'), createBuiltinProvider());
    const { jobs } = await ingestAll(
      core,
      (await fixtureFiles()).papers.map((p) => p.file),
    );
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  });
  afterAll(async () => {
    await core?.close();
  });

  it('GraphML parses back with graphology to the subgraph’s node and edge counts', async () => {
    const sg = await core.handlers['graph:subgraph']({ mode: 'top', limit: 50_000, filters }, ctx());
    expect(sg.nodes.length).toBeGreaterThan(5);
    const file = await core.handlers['export:graph']({ format: 'graphml', filters, limit: 50_000 }, ctx());
    const g = parseGraphml(Graph, file.text);
    expect(g.order).toBe(sg.nodes.length);
    expect(g.size).toBe(sg.edges.length);
    const some = sg.nodes[0]!;
    expect(g.getNodeAttribute(some.id, 'label')).toBe(some.name);
    expect(g.getNodeAttribute(some.id, 'type')).toBe(some.type);
  });

  it('edge CSV has one row per piece of evidence with its document and page', async () => {
    const file = await core.handlers['export:graph']({ format: 'csv-edges', filters, limit: 50_000 }, ctx());
    const lines = file.text.trim().split('\r\n');
    expect(lines[0]).toBe('source,relation,target,description,quote,document,page,document_id,confidence');
    const sg = await core.handlers['graph:subgraph']({ mode: 'top', limit: 50_000, filters }, ctx());
    const evidence = sg.edges.reduce((s, e) => s + e.weight, 0);
    expect(lines.length - 1).toBe(evidence);
    const nodes = await core.handlers['export:graph']({ format: 'csv-nodes', filters, limit: 50_000 }, ctx());
    expect(nodes.text.trim().split('\r\n')).toHaveLength(sg.nodes.length + 1);
  });

  it("a document's evidence CSV holds only that document's evidence", async () => {
    const { documents } = await core.handlers['library:list']({}, ctx());
    const [a, b] = documents;
    const fa = await core.handlers['export:evidence']({ documentId: a!.id }, ctx());
    const fb = await core.handlers['export:evidence']({ documentId: b!.id }, ctx());
    const rows = (t: string) => t.trim().split('\r\n').slice(1);
    expect(rows(fa.text).length).toBeGreaterThan(0);
    expect(rows(fa.text).every((r) => r.includes(a!.id))).toBe(true);
    expect(rows(fb.text).every((r) => r.includes(b!.id) && !r.includes(a!.id))).toBe(true);
    await expect(core.handlers['export:evidence']({ documentId: 'nope' }, ctx())).rejects.toThrow(
      /No document/,
    );
  });

  it('BibTeX of the library parses with a BibTeX parser, one entry per document with its metadata', async () => {
    const { documents } = await core.handlers['library:list']({}, ctx());
    const file = await core.handlers['export:bibtex']({}, ctx());
    const bib = parseBibtex(file.text, { sentenceCase: false });
    expect(bib.errors).toEqual([]);
    expect(bib.entries).toHaveLength(documents.length);
    for (const d of documents) {
      const e = bib.entries.find((x) => String(x.fields.note ?? '').includes(d.id));
      expect(e?.fields.title).toBe(d.title || d.fileName);
      if (d.year) expect(e?.fields.year).toBe(String(d.year));
    }
  });

  it('an answer exports as Markdown with Pandoc citations and the cited documents’ BibTeX', async () => {
    const a = await core.handlers['qa:ask'](
      { question: 'What does oleoylethanolamide do?', mode: 'naive' },
      ctx(),
    );
    expect(a.citations.length).toBeGreaterThan(0);
    const file = await core.handlers['export:answer'](
      { question: 'What does oleoylethanolamide do?', answer: a.answer, citations: a.citations },
      ctx(),
    );
    expect(file.text).toMatch(/\[@[a-z]+\d*[a-z]?(, p\. \d+)?/);
    const bibBlock = /```bibtex\n([\s\S]*?)```/.exec(file.text)![1]!;
    const cited = new Set(a.citations.map((c) => c.documentId));
    expect(parseBibtex(bibBlock).entries).toHaveLength(cited.size);
  });
});
