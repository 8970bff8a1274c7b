import { z } from 'zod';
import { Empty, method } from './define';

/** One entry of a document's reference list, read into fields (each may be missing). */
export const ReferenceEntry = z.object({
  /** The entry as printed. */
  raw: z.string(),
  /** Surnames, first author first. */
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  title: z.string().nullable(),
  /** Lower case, without a resolver prefix. */
  doi: z.string().nullable(),
});
export type ReferenceEntry = z.infer<typeof ReferenceEntry>;

/** A library document on the other end of a citation. */
export const CitedDocument = z.object({
  id: z.string(),
  title: z.string(),
  firstAuthor: z.string().nullable(),
  year: z.number().int().nullable(),
});

export const DocumentCitations = z.object({
  documentId: z.string(),
  /** False for a document read before reference lists were kept (read it again to get them). */
  referencesRead: z.boolean(),
  /** Entries in its reference list. */
  references: z.number().int().nonnegative(),
  /** Library documents it cites, and those citing it. */
  cites: z.array(CitedDocument),
  citedBy: z.array(CitedDocument),
  /** Its references that are not in the library: candidates to add (with a DOI link where printed). */
  missing: z.array(ReferenceEntry.extend({ index: z.number().int() })),
});
export type DocumentCitations = z.infer<typeof DocumentCitations>;

export const CitationEdge = z.object({ from: z.string(), to: z.string() });

/** A paper on the map: labelled "First author Year", sized by its entities or in-library citations. */
export const PaperNode = z.object({
  id: z.string(),
  label: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  entities: z.number().int().nonnegative(),
  cites: z.number().int().nonnegative(),
  citedBy: z.number().int().nonnegative(),
  /** Community of papers (by citations and shared entities); null for a paper linked to none. */
  community: z.string().nullable(),
});
export type PaperNode = z.infer<typeof PaperNode>;

export const PaperEdge = z.object({
  source: z.string(),
  target: z.string(),
  /** `cites`: source cites target. `shared`: the two papers name the same specific entities. */
  kind: z.enum(['cites', 'shared']),
  /** Shared entities weighted by how specific they are (rare in the library counts more); 1 for a citation. */
  weight: z.number(),
  /** The most specific entities the two share (at most five names). */
  shared: z.array(z.string()),
});
export type PaperEdge = z.infer<typeof PaperEdge>;

export const PaperCommunity = z.object({
  id: z.string(),
  /** Named after the entities its papers share most: "glucokinase · MODY". */
  name: z.string(),
  size: z.number().int(),
});

export const PaperMap = z.object({
  nodes: z.array(PaperNode),
  edges: z.array(PaperEdge),
  communities: z.array(PaperCommunity),
});
export type PaperMap = z.infer<typeof PaperMap>;

export const citationMethods = {
  'citations:list': method({
    input: Empty,
    output: z.object({ citations: z.array(CitationEdge) }),
    summary: 'Every citation between documents of the library (references matched to documents).',
  }),
  'citations:document': method({
    input: z.object({ documentId: z.string().min(1).max(128) }),
    output: DocumentCitations,
    summary: 'What a document cites and what cites it in the library, and its references not in the library.',
  }),
  'citations:paper-map': method({
    input: z.object({
      /** Shared-entity links kept per paper (the strongest). */
      linksPerPaper: z.number().int().min(0).max(50).default(4),
    }),
    output: PaperMap,
    summary: 'Papers as nodes, linked by citations and shared entities, in communities.',
  }),
};
