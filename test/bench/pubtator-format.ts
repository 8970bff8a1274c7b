/**
 * The PubTator text format that BioRED and BioCreative V CDR share: `pmid|t|title` and `pmid|a|abstract`
 * lines, then one tab-separated row per annotation whose columns each corpus defines. This reads the shared
 * part; each corpus's module (biored/pubtator.ts, bc5cdr/pubtator.ts) reads its own rows.
 */
export interface PubtatorText {
  pmid: string;
  title: string;
  abstract: string;
  /** Title and abstract joined by one space: the offsets of the annotations index into it. */
  text: string;
}

/**
 * Reads `content` into one document a PMID, made by `create` on its first line; `row` receives every
 * annotation row split on tabs, with the document of a PMID. Documents without text are dropped.
 */
export function readPubtator<D extends PubtatorText>(
  content: string,
  create: (pmid: string) => D,
  row: (fields: string[], doc: (pmid: string) => D) => void,
): D[] {
  const docs = new Map<string, D>();
  const doc = (pmid: string) => {
    let d = docs.get(pmid);
    if (!d) {
      d = create(pmid);
      docs.set(pmid, d);
    }
    return d;
  };
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    const bar = /^(\d+)\|([ta])\|(.*)$/.exec(line);
    if (bar) {
      const d = doc(bar[1] ?? '');
      if (bar[2] === 't') d.title = bar[3] ?? '';
      else d.abstract = bar[3] ?? '';
      d.text = `${d.title} ${d.abstract}`;
      continue;
    }
    row(line.split('\t'), doc);
  }
  return [...docs.values()].filter((d) => d.text.trim());
}
