import type { ApiHandlers, CallContext } from '../../contract';
import { AriadneError } from '../../contract/errors';
import type { Evidence } from '../../contract/graph';
import { answerMarkdown } from './answer-markdown';
import { bibliographic, citationKeys, toBibtex } from './bibtex';
import { toCsv } from './csv';
import { toGraphml } from './graphml';

type ExportMethod = 'export:graph' | 'export:evidence' | 'export:answer' | 'export:bibtex';
/** What exports read: the graph and library operations every client already has. */
type Reads = Pick<ApiHandlers, 'graph:subgraph' | 'graph:edge-evidence' | 'library:list'>;

// Edge evidence is read a few pairs at a time: each read is one anchored store query.
const EVIDENCE_READS_IN_FLIGHT = 8;

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'export';

/** Exports (GraphML, CSV, BibTeX, Markdown) built from the read operations, so they show what the UI shows. */
export function createExportHandlers(reads: Reads): Pick<ApiHandlers, ExportMethod> {
  const ctx = (signal?: AbortSignal): CallContext<never> => ({
    signal: signal ?? new AbortController().signal,
    emit: () => {},
  });

  async function evidenceOf(edges: { source: string; target: string }[], signal: AbortSignal) {
    // Edge evidence is read per pair in both directions: a pair drawn as a→b and b→a is read once.
    const pairs = new Map<string, { source: string; target: string }>();
    for (const e of edges) {
      const k = e.source < e.target ? `${e.source}\u0000${e.target}` : `${e.target}\u0000${e.source}`;
      if (!pairs.has(k)) pairs.set(k, { source: e.source, target: e.target });
    }
    const lists = await mapLimited([...pairs.values()], EVIDENCE_READS_IN_FLIGHT, async (e) => {
      if (signal.aborted) throw new AriadneError('cancelled', 'The export was cancelled.');
      return (await reads['graph:edge-evidence'](e, ctx(signal))).evidence;
    });
    return lists.flat();
  }

  const evidenceRows = (ev: Evidence[], names: Map<string, string>) =>
    ev.map((e) => [
      names.get(e.source) ?? e.source,
      e.keywords.join('; '),
      names.get(e.target) ?? e.target,
      e.description,
      e.citation.quote,
      e.citation.title,
      e.citation.page,
      e.citation.documentId,
      e.confidence,
    ]);
  const EVIDENCE_HEADER = [
    'source',
    'relation',
    'target',
    'description',
    'quote',
    'document',
    'page',
    'document_id',
    'confidence',
  ];

  return {
    async 'export:graph'({ format, filters, limit }, c) {
      const sg = await reads['graph:subgraph']({ mode: 'top', limit, filters }, ctx(c.signal));
      if (format === 'graphml') {
        const text = toGraphml(
          sg.nodes.map((n) => ({
            id: n.id,
            label: n.name,
            type: n.type,
            evidence: n.evidenceCount,
            community: n.communityId,
            aliases: n.aliases,
          })),
          sg.edges.map((e) => ({ ...e, evidence: e.weight })),
        );
        return { fileName: 'ariadne-graph.graphml', mime: 'application/graphml+xml', text };
      }
      if (format === 'csv-nodes') {
        const text = toCsv(
          ['id', 'name', 'type', 'aliases', 'evidence', 'degree', 'community'],
          sg.nodes.map((n) => [
            n.id,
            n.name,
            n.type,
            n.aliases.join('; '),
            n.evidenceCount,
            n.degree,
            n.communityId,
          ]),
        );
        return { fileName: 'ariadne-nodes.csv', mime: 'text/csv', text };
      }
      const names = new Map(sg.nodes.map((n) => [n.id, n.name]));
      const ev = await evidenceOf(sg.edges, c.signal);
      const docs = filters.documentIds?.length ? new Set(filters.documentIds) : null;
      const rows = evidenceRows(
        ev.filter((e) => !docs || docs.has(e.citation.documentId)),
        names,
      );
      return { fileName: 'ariadne-edges.csv', mime: 'text/csv', text: toCsv(EVIDENCE_HEADER, rows) };
    },

    async 'export:evidence'({ documentId }, c) {
      const { documents } = await reads['library:list']({}, ctx(c.signal));
      const doc = documents.find((d) => d.id === documentId);
      if (!doc)
        throw new AriadneError('not_found', `No document ${documentId}. List them with "ariadne status".`);
      const filters = { direction: 'both' as const, minEvidence: 1, documentIds: [documentId] };
      const sg = await reads['graph:subgraph']({ mode: 'top', limit: 50_000, filters }, ctx(c.signal));
      const names = new Map(sg.nodes.map((n) => [n.id, n.name]));
      const ev = (await evidenceOf(sg.edges, c.signal)).filter((e) => e.citation.documentId === documentId);
      const text = toCsv(EVIDENCE_HEADER, evidenceRows(ev, names));
      return { fileName: `${slug(doc.title || doc.fileName)}-evidence.csv`, mime: 'text/csv', text };
    },

    async 'export:answer'(input, c) {
      const { documents } = await reads['library:list']({}, ctx(c.signal));
      const { markdown } = answerMarkdown(input, documents);
      return { fileName: `${slug(input.question)}.md`, mime: 'text/markdown', text: markdown };
    },

    async 'export:bibtex'({ documentIds }, c) {
      const { documents } = await reads['library:list']({}, ctx(c.signal));
      const want = documentIds ? new Set(documentIds) : null;
      // Keys over the whole library, so a document has the same key in every export of a part of it.
      const listed = bibliographic(documents);
      const text = toBibtex(
        listed.filter((d) => !want || want.has(d.id)),
        citationKeys(listed),
      );
      return { fileName: 'ariadne-library.bib', mime: 'application/x-bibtex', text };
    },
  };
}
