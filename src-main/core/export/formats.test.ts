import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import Graph from 'graphology';
import { parse as parseGraphml } from 'graphology-graphml';
import { describe, expect, it } from 'vitest';
import { answerMarkdown } from './answer-markdown';
import { bibliographic, citationKeys, toBibtex, type BibDocument } from './bibtex';
import { csvField, toCsv } from './csv';
import { toGraphml } from './graphml';

const docs: BibDocument[] = [
  {
    id: 'd1',
    title: 'ACE inhibitors & the C-domain: 50% of {cases}',
    authors: ['Jane Smith', 'Doe, John'],
    year: 2014,
    doi: '10.1000/x_1',
    fileName: 'a.pdf',
  },
  { id: 'd2', title: 'Another study', authors: ['Jane Smith'], year: 2014, doi: null, fileName: 'b.pdf' },
  { id: 'd3', title: '', authors: [], year: null, doi: null, fileName: 'notes.txt' },
];

describe('exports', () => {
  it('writes BibTeX a BibTeX parser reads back, with unique keys and escaped specials', () => {
    const keys = citationKeys(docs);
    expect(new Set(keys.values()).size).toBe(3);
    expect(keys.get('d1')).toBe('smith2014');
    expect(keys.get('d2')).toBe('smith2014a');
    // Titles as written, not the parser's sentence-cased form.
    const parsed = parseBibtex(toBibtex(docs), { sentenceCase: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((e) => e.key)).toEqual([...keys.values()]);
    expect(parsed.entries[0]!.fields.title).toBe('ACE inhibitors & the C-domain: 50% of {cases}');
    expect(parsed.entries[0]!.fields.author).toHaveLength(2);
    expect(parsed.entries[0]!.fields.doi).toBe('10.1000/x_1');
  });

  it('writes journal, volume, number, pages, DOI and URL, leaves failed documents out, keeps keys stable', () => {
    const zotero: BibDocument[] = [
      {
        id: 'z2',
        title: 'Later study',
        authors: ['Jane Smith'],
        year: 2014,
        doi: null,
        fileName: 'later.pdf',
        addedAt: '2024-02-01T00:00:00Z',
      },
      {
        id: 'z1',
        title: 'ACE inhibition in heart failure',
        authors: ['Jane Smith'],
        year: 2014,
        doi: '10.1042/CS20130403',
        fileName: 'ace.pdf',
        addedAt: '2024-01-01T00:00:00Z',
        reference: {
          journal: 'Clinical Science',
          volume: '126',
          issue: '5',
          pages: '305–317',
          url: 'https://portlandpress.com/clinsci/article/126/5/305',
        },
      },
      { ...docs[1]!, id: 'z3', status: 'failed', addedAt: '2023-01-01T00:00:00Z' },
    ];
    const listed = bibliographic(zotero);
    expect(listed.map((d) => d.id)).toEqual(['z2', 'z1']);
    const keys = citationKeys(listed);
    // The earlier document keeps the bare key, whatever order the list is in.
    expect(keys.get('z1')).toBe('smith2014');
    expect(keys.get('z2')).toBe('smith2014a');
    expect(citationKeys([...listed].reverse())).toEqual(keys);
    const parsed = parseBibtex(toBibtex(listed, keys), { sentenceCase: false });
    expect(parsed.errors).toEqual([]);
    const ace = parsed.entries.find((e) => e.key === 'smith2014')!;
    expect(ace.type).toBe('article');
    expect(ace.fields).toMatchObject({
      journal: 'Clinical Science',
      volume: '126',
      number: '5',
      doi: '10.1042/CS20130403',
      url: 'https://portlandpress.com/clinsci/article/126/5/305',
    });
    expect(String(ace.fields.pages)).toMatch(/^305\s*[-–]+\s*317$/);
    expect(parsed.entries.find((e) => e.key === 'smith2014a')!.type).toBe('misc');
  });

  it('writes GraphML that graphology parses back with every node, edge and attribute', () => {
    const text = toGraphml(
      [
        {
          id: 'e1',
          label: 'ACE <enzyme> & "co"',
          type: 'protein',
          evidence: 3,
          community: 'c1',
          aliases: ['ACE1'],
        },
        {
          id: 'e2',
          label: 'lisinopril\u0001',
          type: 'compound/drug',
          evidence: 1,
          community: null,
          aliases: [],
        },
      ],
      [{ source: 'e2', target: 'e1', keywords: ['inhibits'], evidence: 2 }],
    );
    const g = parseGraphml(Graph, text);
    expect(g.order).toBe(2);
    expect(g.size).toBe(1);
    expect(g.getNodeAttribute('e1', 'label')).toBe('ACE <enzyme> & "co"');
    expect(g.getNodeAttribute('e2', 'label')).toBe('lisinopril');
    expect(g.getEdgeAttribute(g.edges()[0]!, 'weight')).toBe(2);
  });

  it('quotes CSV fields and defuses spreadsheet formulas from document text', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-3)).toBe('-3');
    expect(toCsv(['a', 'b'], [['x\ny', null]])).toBe('a,b\r\n"x\ny",\r\n');
  });

  it('turns [n] markers into Pandoc citations with pages and adds the cited documents only', () => {
    const { markdown, bibtex } = answerMarkdown(
      {
        question: 'What inhibits ACE?',
        answer: 'Lisinopril inhibits ACE [1, 2]. It is a drug [2].',
        citations: [
          {
            n: 1,
            documentId: 'd1',
            title: 'T1',
            year: 2014,
            page: 3,
            chunkId: 'c',
            quote: 'Q1',
            supported: true,
          },
          {
            n: 2,
            documentId: 'd3',
            title: 'T3',
            year: null,
            page: null,
            chunkId: 'c',
            quote: 'Q2',
            supported: true,
          },
        ],
      },
      docs,
    );
    expect(markdown).toContain('Lisinopril inhibits ACE [@smith2014, p. 3; @notes]. It is a drug [@notes].');
    expect(markdown).toContain('- [1] “Q1” — T1, p. 3');
    expect(parseBibtex(bibtex).entries.map((e) => e.key)).toEqual(['smith2014', 'notes']);
  });
});
