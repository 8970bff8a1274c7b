import type { DocumentCitations, PaperMap } from '../../contract/citations';
import { AriadneError } from '../../contract/errors';
import type { Logger } from '../deps';
import type { Library } from '../library';
import { createCitationIndex } from './match';
import { buildPaperMap, displaySurname } from './paper-map';
import { openReferenceLists } from './reference-lists';

export interface CitationService {
  /** Marks the citations out of date (a document came, went or was read again) and refreshes soon. */
  changed(): void;
  /** Matches every reference list against the library and writes the CITES that changed. */
  refresh(): Promise<void>;
  list(): Promise<{ from: string; to: string }[]>;
  document(id: string): Promise<DocumentCitations>;
  paperMap(linksPerPaper: number): Promise<PaperMap>;
  close(): Promise<void>;
}

/** Quiet time after the last change before citations are matched again in the background. */
const SETTLE_MS = 1500;

/**
 * Citations between the documents of a library. Matching is cheap (one DOI lookup and a title scan over
 * the documents of a year per reference), so every change re-matches every list and writes only the
 * citing documents whose matches differ; reads refresh first when something changed since.
 */
export function createCitationService(library: Library, log: Logger): CitationService {
  const lists = openReferenceLists(library.dataDir);
  let dirty = true;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let mapCache: { stamp: string; links: number; map: PaperMap } | null = null;
  /** Bumped by every CITES write: the paper map's cache key, with the graph's change stamp. */
  let written = 0;

  async function match(): Promise<void> {
    dirty = false;
    const docs = await library.graph.listDocuments();
    const index = createCitationIndex(docs);
    const want = new Map<string, { to: string; ref: number }[]>();
    for (const d of docs) {
      const refs = await lists.read(d.id);
      if (!refs) continue;
      const rows: { to: string; ref: number }[] = [];
      refs.forEach((r, i) => {
        const m = index.match(r, d.id);
        if (m && !rows.some((x) => x.to === m.documentId)) rows.push({ to: m.documentId, ref: i });
      });
      want.set(d.id, rows);
    }
    const have = new Map<string, { to: string; ref: number }[]>();
    for (const c of await library.graph.listCitations())
      have.set(c.from, [...(have.get(c.from) ?? []), { to: c.to, ref: c.ref }]);
    const key = (rows: { to: string; ref: number }[] | undefined) =>
      (rows ?? [])
        .map((r) => `${r.to}:${r.ref}`)
        .sort()
        .join(',');
    for (const id of new Set([...want.keys(), ...have.keys()]))
      if (key(want.get(id)) !== key(have.get(id))) {
        await library.graph.setCitations(id, want.get(id) ?? []);
        written++;
      }
    // Lists of documents no longer in the library.
    const present = new Set(docs.map((d) => d.id));
    for (const id of await lists.ids()) if (!present.has(id)) await lists.remove(id);
  }

  async function refresh(): Promise<void> {
    while (running) await running;
    if (!dirty || closed) return;
    running = match()
      .catch((e: unknown) => {
        dirty = true;
        log.log('warn', 'citation matching failed', { error: e instanceof Error ? e.message : String(e) });
      })
      .finally(() => (running = null));
    await running;
  }

  const citedDoc = (d: { id: string; title: string; authors: string[]; year: number | null }) => ({
    id: d.id,
    title: d.title,
    firstAuthor: d.authors[0] ? displaySurname(d.authors[0]) : null,
    year: d.year,
  });

  return {
    changed() {
      dirty = true;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void refresh();
      }, SETTLE_MS);
      timer.unref?.();
    },
    refresh,
    async list() {
      await refresh();
      return (await library.graph.listCitations()).map((c) => ({ from: c.from, to: c.to }));
    },
    async document(id) {
      await refresh();
      const doc = await library.graph.getDocument(id);
      if (!doc) throw new AriadneError('not_found', `No document ${id}.`);
      const refs = await lists.read(id);
      const all = await library.graph.listCitations();
      const docs = new Map((await library.graph.listDocuments()).map((d) => [d.id, d]));
      const matched = new Set(all.filter((c) => c.from === id).map((c) => c.ref));
      const pick = (ids: string[]) =>
        ids.flatMap((x) => {
          const d = docs.get(x);
          return d ? [citedDoc(d)] : [];
        });
      return {
        documentId: id,
        referencesRead: refs !== null,
        references: refs?.length ?? 0,
        cites: pick(all.filter((c) => c.from === id).map((c) => c.to)),
        citedBy: pick(all.filter((c) => c.to === id).map((c) => c.from)),
        missing: (refs ?? []).flatMap((r, index) => (matched.has(index) ? [] : [{ ...r, index }])),
      };
    },
    async paperMap(linksPerPaper) {
      await refresh();
      const stamp = `${await library.graph.changeStamp()}/${written}`;
      if (mapCache && mapCache.stamp === stamp && mapCache.links === linksPerPaper) return mapCache.map;
      const [docs, citations, listed] = await Promise.all([
        library.graph.listDocuments(),
        library.graph.listCitations(),
        library.graph.listEntities({ limit: 1_000_000 }),
      ]);
      const map = buildPaperMap(
        docs,
        citations,
        listed.entities.map((e) => ({ id: e.id, name: e.name, documents: e.documents.map((d) => d.id) })),
        linksPerPaper,
      );
      mapCache = { stamp, links: linksPerPaper, map };
      return map;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}
