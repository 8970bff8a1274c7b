/** BibTeX for the documents of a library, and the citation keys answers refer to. */
export interface BibDocument {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  fileName: string;
  /** When it entered the library (ISO): an earlier document keeps a shared key's bare form. */
  addedAt?: string;
  /** Failed documents are not references: they are left out. */
  status?: string;
  /** Where it was published, when a reference manager (Zotero) supplied it. */
  reference?: {
    journal?: string | null | undefined;
    volume?: string | null | undefined;
    issue?: string | null | undefined;
    pages?: string | null | undefined;
    url?: string | null | undefined;
  } | null;
}

// LaTeX's special characters in field values; braces kept balanced by escaping them too.
const TEX: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '&': '\\&',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};
const tex = (s: string) => s.replace(/[\\{}%&$#_~^]/g, (c) => TEX[c] ?? c);
/** A verbatim field (doi, url): no TeX escapes, only braces (which would unbalance the entry) removed. */
const verbatim = (s: string) => s.replace(/[{}]/g, '');

/** Statuses of documents that never became part of the library's knowledge. */
const NOT_REFERENCES = new Set(['failed', 'dead_lettered']);

/** Documents BibTeX lists: every one but those that failed. */
export function bibliographic<T extends BibDocument>(docs: T[]): T[] {
  return docs.filter((d) => !NOT_REFERENCES.has(d.status ?? ''));
}

/** "Smith, Jane" → "smith"; "Jane Smith" → "smith"; ASCII letters only. */
function familyName(author: string): string {
  const fam = author.includes(',') ? (author.split(',')[0] ?? '') : (author.trim().split(/\s+/).pop() ?? '');
  return fam
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/**
 * Keys like `smith2014`, and `smith2014a`, `smith2014b` when documents would share one. Stable: documents are
 * keyed in the order they entered the library (then by id), whatever order they are listed in, so a
 * document keeps its key in every export; give the whole library to key a part of it the same way.
 */
export function citationKeys(docs: BibDocument[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  const ordered = [...docs].sort(
    (a, b) => (a.addedAt ?? '').localeCompare(b.addedAt ?? '') || a.id.localeCompare(b.id),
  );
  for (const d of ordered) {
    const titleWord =
      (d.title || d.fileName.replace(/\.[a-z0-9]{1,5}$/i, ''))
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z ]/g, '')
        .split(' ')
        .find((w) => w.length > 3) ?? 'document';
    const base = `${familyName(d.authors[0] ?? '') || titleWord}${d.year ?? ''}`;
    let key = base;
    for (let i = 0; used.has(key); i++)
      key = `${base}${String.fromCharCode(97 + (i % 26))}${i >= 26 ? i : ''}`;
    used.add(key);
    keys.set(d.id, key);
  }
  return keys;
}

/** "305-317", "305–17" → "305--317" / "305--17": BibTeX writes a page range with two hyphens. */
const pageRange = (p: string) =>
  p
    .split(/[-\u2010-\u2015]+/)
    .map((part) => part.trim())
    .join('--');

export function toBibtex(docs: BibDocument[], keys = citationKeys(docs)): string {
  return docs
    .map((d) => {
      const ref = d.reference ?? {};
      // Double braces keep the title's case: BibTeX styles otherwise lower-case "C-domain" and acronyms.
      const fields: [string, string][] = [['title', `{{${tex(d.title || d.fileName)}}}`]];
      if (d.authors.length) fields.push(['author', `{${d.authors.map(tex).join(' and ')}}`]);
      if (ref.journal) fields.push(['journal', `{${tex(ref.journal)}}`]);
      if (d.year) fields.push(['year', `{${d.year}}`]);
      if (ref.volume) fields.push(['volume', `{${tex(ref.volume)}}`]);
      if (ref.issue) fields.push(['number', `{${tex(ref.issue)}}`]);
      if (ref.pages) fields.push(['pages', `{${tex(pageRange(ref.pages))}}`]);
      if (d.doi) fields.push(['doi', `{${verbatim(d.doi)}}`]);
      if (ref.url) fields.push(['url', `{${verbatim(ref.url)}}`]);
      fields.push(['note', `{Ariadne document ${tex(d.id)}}`]);
      const body = fields.map(([k, v]) => `  ${k} = ${v}`).join(',\n');
      // A journal makes it an article; a document without one (a preprint, notes) is @misc.
      return `@${ref.journal ? 'article' : 'misc'}{${keys.get(d.id)},\n${body}\n}\n`;
    })
    .join('\n');
}
