import type { Line } from './types';
import { at } from '../../at';

/** "12", "Page 3", "Page 3 of 10", "3 / 10", "- 4 -": a page number standing alone in a margin. */
const PAGE_NUMBER = /^[-–—\s]*(page\s*)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?[-–—\s]*$/i;

/** Letters only: page numbers, years and volume numbers vary from page to page, the words do not. */
function headKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]+/gu, '');
}

/**
 * Lines in a page's top or bottom margin: the two highest and two lowest rows, if they lie within the
 * outer 10% of the page. Running heads live there; body text rarely does.
 */
function marginLines(lines: Line[], pageHeight: number): Line[] {
  if (!lines.length) return [];
  const ys = [...new Set(lines.map((l) => Math.round(l.y)))].sort((a, b) => b - a);
  const top = new Set(ys.slice(0, 2).filter((y) => y >= pageHeight * 0.9));
  const bottom = new Set(ys.slice(-2).filter((y) => y <= pageHeight * 0.1));
  return lines.filter((l) => top.has(Math.round(l.y)) || bottom.has(Math.round(l.y)));
}

/**
 * Returns the lines of each page with running headers, footers and page numbers removed. A margin line is
 * a running head when its words recur in the margins of at least two pages (a third of them for long
 * documents, so alternating odd/even heads qualify); a lone number in a margin is a page number.
 */
export function removeRunningHeads(pages: Line[][], pageHeights: number[]): Line[][] {
  const margins = pages.map((lines, i) => marginLines(lines, pageHeights[i] ?? 792));
  const counts = new Map<string, number>();
  for (const m of margins) {
    for (const key of new Set(m.map((l) => headKey(l.text)))) {
      if (key.length >= 3) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const minPages = Math.max(2, Math.ceil(pages.length / 3));
  return pages.map((lines, i) => {
    const drop = new Set<Line>();
    for (const l of at(margins, i)) {
      const key = headKey(l.text);
      if (PAGE_NUMBER.test(l.text)) drop.add(l);
      else if (key.length >= 3 && (counts.get(key) ?? 0) >= minPages && pages.length > 1) drop.add(l);
    }
    return lines.filter((l) => !drop.has(l));
  });
}
