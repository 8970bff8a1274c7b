import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHOR_GOLD, type AuthorGold } from './metadata-gold';

/** The shared evaluation data beside the repository (absent on a fresh clone); ARIADNE_SHARED_DATA points elsewhere. */
export const SHARED_DATA =
  process.env.ARIADNE_SHARED_DATA ??
  path.join(fileURLToPath(new URL('../..', import.meta.url)), '../shared/data');

export interface PaperGold extends Omit<AuthorGold, 'title' | 'year' | 'doi'> {
  path: string;
  title: string | null;
  firstAuthor: string;
  year: number | null;
  doi: string | null;
  /** A paper no rule was written or checked on before it was scored (metadata-unseen.ts). */
  unseen?: boolean;
  /** Its title is printed in capitals: any case of it is right. */
  capitals?: boolean;
}

/** "doi:10.1016/S2213-2600(14)70195-X" → the DOI; "ACL Anthology …" → null (no DOI in the paper). */
function goldDoi(cell: string): string | null {
  const m = /^doi:(\S+)/.exec(cell.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Gold for every paper present: SOURCE.tsv's title, first author, year and DOI, with the author lists of
 * metadata-gold.ts. SOURCE.tsv marks a revision in the title ("… Aedes aegypti [v2]"): that note is not part
 * of the printed title and is cut.
 */
export function loadGold(): PaperGold[] {
  const papersDir = path.join(SHARED_DATA, 'papers');
  const rows = new Map<string, Record<string, string>>();
  const tsv = path.join(papersDir, 'SOURCE.tsv');
  if (existsSync(tsv)) {
    const [head, ...lines] = readFileSync(tsv, 'utf8').trim().split('\n');
    const cols = head!.split('\t');
    for (const line of lines) {
      const cells = line.split('\t');
      rows.set(cells[0]!, Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? ''])));
    }
  }
  const out: PaperGold[] = [];
  for (const g of AUTHOR_GOLD) {
    const row = rows.get(g.file);
    const dir = row ? papersDir : path.join(SHARED_DATA, 'pdfs');
    const file = path.join(dir, g.file);
    if (!existsSync(file)) continue;
    out.push({
      ...g,
      path: file,
      title: row ? row['title']!.replace(/\s*\[v\d+\]$/, '') : (g.title ?? null),
      firstAuthor: row ? row['first_author']! : g.authors[0]!,
      year: row ? Number(row['year']) : (g.year ?? null),
      doi: row ? goldDoi(row['doi_or_arxiv']!) : (g.doi ?? null),
    });
  }
  return out;
}

/** Typographic variants that are the same character to a reader: dashes, quotes, soft hyphens, spaces. */
export function normaliseTitle(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/\u00ad/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names compare by their letters: "Robert W. Aldridge" is "Robert W Aldridge"; accents count. */
export function nameKey(s: string): string {
  return normaliseTitle(s)
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

const sameTitle = (a: string, b: string, anyCase = false) =>
  anyCase
    ? normaliseTitle(a).toLowerCase() === normaliseTitle(b).toLowerCase()
    : normaliseTitle(a) === normaliseTitle(b);

const firstAndLast = (key: string) => {
  const w = key.split(' ');
  return `${w[0]} ${w.at(-1)}`;
};

export interface PaperScore {
  file: string;
  heldOut: boolean;
  unseen: boolean;
  title: boolean;
  firstAuthor: boolean;
  year: boolean;
  doi: boolean;
  /** Gold authors found in the extracted list, and whether the list is exactly the gold one. */
  authorsFound: number;
  authorsGold: number;
  authorsExact: boolean;
  got: { title: string | null; authors: string[]; year: number | null; doi: string | null };
}

export function scorePaper(
  gold: PaperGold,
  got: { title: string | null; authors: string[]; year: number | null; doi: string | null },
): PaperScore {
  const keys = got.authors.map(nameKey);
  const goldKeys = gold.authors.map(nameKey);
  const found = goldKeys.filter((k) => keys.includes(k)).length;
  return {
    file: gold.file,
    heldOut: gold.heldOut === true,
    unseen: gold.unseen === true,
    title: gold.title !== null && got.title !== null && sameTitle(got.title, gold.title, gold.capitals),
    // SOURCE.tsv names the first author without middle initials ("Gabriel Leal" for "Gabriel M. Leal").
    firstAuthor: keys[0] !== undefined && firstAndLast(keys[0]) === firstAndLast(nameKey(gold.firstAuthor)),
    year: got.year === gold.year,
    doi: (got.doi?.toLowerCase() ?? null) === gold.doi,
    authorsFound: found,
    authorsGold: goldKeys.length,
    authorsExact: found === goldKeys.length && keys.length === goldKeys.length,
    got,
  };
}

export interface Totals {
  papers: number;
  titles: number;
  firstAuthors: number;
  years: number;
  dois: number;
  authorsFound: number;
  authorsGold: number;
  listsExact: number;
}

export function totals(scores: PaperScore[]): Totals {
  const t: Totals = {
    papers: scores.length,
    titles: 0,
    firstAuthors: 0,
    years: 0,
    dois: 0,
    authorsFound: 0,
    authorsGold: 0,
    listsExact: 0,
  };
  for (const s of scores) {
    t.titles += +s.title;
    t.firstAuthors += +s.firstAuthor;
    t.years += +s.year;
    t.dois += +s.doi;
    t.authorsFound += s.authorsFound;
    t.authorsGold += s.authorsGold;
    t.listsExact += +s.authorsExact;
  }
  return t;
}
