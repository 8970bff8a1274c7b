import type { Citation } from '../../../src-main/contract/graph';

type Place = Pick<Citation, 'page' | 'pages' | 'label'>;

/**
 * Where a quote is, as a reader cites it: "p. 3", "pp. 4–5" for a sentence across a page break, and a quote
 * from a table or figure caption named by it: "Table 2, p. 6". Empty when nothing is known.
 */
export function citedPlace(c: Place): string {
  const last = c.pages?.[1];
  const pages = c.page && last && last > c.page ? `pp. ${c.page}–${last}` : c.page ? `p. ${c.page}` : '';
  return [c.label, pages].filter(Boolean).join(', ');
}

/** "Appetite 2019, Table 2, p. 6": the citation's text. */
export function citationText(c: Place & Pick<Citation, 'title' | 'shortTitle' | 'year'>): string {
  const place = citedPlace(c);
  return `${c.shortTitle || c.title}${c.year ? ` ${c.year}` : ''}${place ? `, ${place}` : ''}`;
}
