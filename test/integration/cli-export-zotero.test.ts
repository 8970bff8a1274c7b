import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import Graph from 'graphology';
import { parse as parseGraphml } from 'graphology-graphml';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeZoteroLibrary } from '../fixtures/make-zotero';
import { fixtureFiles, tempDir } from './ingest/harness';

// The BUILT command, as a user runs it (npm test builds first): the bundle must carry sql.js and the parsers.
const built = fs.existsSync('out/main/cli.js');
const run = (args: string[]) =>
  execFileSync(process.execPath, ['bin/ariadne.js', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe.skipIf(!built)('ariadne zotero and ariadne export (built)', () => {
  const data = tempDir('ariadne-cli-zotero-');
  beforeAll(async () => {
    const paper = (await fixtureFiles()).papers[1]!.file;
    const zotero = await makeZoteroLibrary(tempDir('zotero-cli-'), [
      {
        key: 'CLIK2345',
        title: 'Metformin and IL-6 (Zotero)',
        authors: [['Linh', 'Nguyen']],
        date: '2019',
        doi: '10.5555/zotero.cli',
        tags: ['oncology'],
        collections: [],
        pdf: paper,
      },
    ]);
    const out = run(['--data', data, '--llm', 'builtin', 'zotero', zotero]);
    expect(out).toMatch(/1 Zotero item\(s\): 1 added, 0 already imported, 0 without a PDF/);
    expect(out).toMatch(/done\s+CLIK2345 Metformin and IL-6 \(Zotero\)/);
    expect(run(['--data', data, '--llm', 'builtin', 'zotero', zotero])).toMatch(
      /0 added, 1 already imported/,
    );
  });

  it('exports the graph as GraphML and CSV, and the library as BibTeX with the Zotero metadata', () => {
    const file = path.join(tempDir('ariadne-cli-export-'), 'g.graphml');
    run(['--data', data, 'export', 'graph', '--format', 'graphml', '-o', file]);
    const g = parseGraphml(Graph, fs.readFileSync(file, 'utf8'));
    expect(g.order).toBeGreaterThan(3);
    const nodes = run(['--data', data, 'export', 'graph', '--format', 'csv-nodes']).trim().split('\r\n');
    expect(nodes).toHaveLength(g.order + 1);
    const bib = parseBibtex(run(['--data', data, 'export', 'bibtex']), { sentenceCase: false });
    expect(bib.entries).toHaveLength(1);
    expect(bib.entries[0]!.fields.title).toBe('Metformin and IL-6 (Zotero)');
    expect(bib.entries[0]!.fields.doi).toBe('10.5555/zotero.cli');
  });

  it('exports an answer as Markdown with Pandoc citations and its sources as BibTeX', () => {
    const md = run([
      '--data',
      data,
      '--llm',
      'builtin',
      'export',
      'answer',
      'What does metformin abolish?',
      '--mode',
      'naive',
    ]);
    expect(md).toMatch(/\[@nguyen2019, p\. \d+\]/);
    expect(md).toContain('```bibtex');
  });
});
