/** BibTeX for the documents of a library, and the citation keys answers refer to. */
export interface BibDocument {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  fileName: string;
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

/** "Smith, Jane" → "smith"; "Jane Smith" → "smith"; ASCII letters only. */
function familyName(author: string): string {
  const fam = author.includes(',') ? (author.split(',')[0] ?? '') : (author.trim().split(/\s+/).pop() ?? '');
  return fam
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** Keys like `smith2014`, `smith2014a` when two documents would share one; stable for a given order. */
export function citationKeys(docs: BibDocument[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  for (const d of docs) {
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

export function toBibtex(docs: BibDocument[], keys = citationKeys(docs)): string {
  return docs
    .map((d) => {
      // Double braces keep the title's case: BibTeX styles otherwise lower-case "C-domain" and acronyms.
      const fields: [string, string][] = [['title', `{{${tex(d.title || d.fileName)}}}`]];
      if (d.authors.length) fields.push(['author', `{${d.authors.map(tex).join(' and ')}}`]);
      if (d.year) fields.push(['year', `{${d.year}}`]);
      // doi is a verbatim field: no TeX escapes, only braces (which would unbalance the entry) removed.
      if (d.doi) fields.push(['doi', `{${d.doi.replace(/[{}]/g, '')}}`]);
      fields.push(['note', `{Ariadne document ${tex(d.id)}}`]);
      const body = fields.map(([k, v]) => `  ${k} = ${v}`).join(',\n');
      return `@article{${keys.get(d.id)},\n${body}\n}\n`;
    })
    .join('\n');
}
