import { execFileSync } from 'node:child_process';

/**
 * Checks a quote against an independent extractor's page text (poppler's `pdftotext`): whether it is on the
 * cited page(s), on another page or nowhere, and whether it starts mid-word, ends inside a number, splices two
 * places of the page (columns, table cells) or is a caption or affiliation line.
 */
export interface QuoteVerdict {
  where: 'cited' | 'other' | 'missing';
  midWord: boolean;
  endsInNumber: boolean;
  mixed: boolean;
  caption: boolean;
  affiliation: boolean;
}

/** Page texts of a PDF (index 0 = page 1), from one pdftotext run: pages end with a form feed. */
export function pdftotextPages(file: string): string[] {
  const out = execFileSync('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const pages = out.split('\f');
  if (pages.length > 1 && !pages[pages.length - 1]!.trim()) pages.pop();
  return pages;
}

/**
 * Reading text: NFKC (ligatures), spacing diacritics folded into their letter ("A˚" → "Å" is not needed for
 * matching: the ring is dropped on both sides), line-break hyphens joined, soft hyphens dropped, white space
 * collapsed, lower case.
 */
export function readingText(s: string): string {
  let t = s.normalize('NFKC').replace(/\u00AD/g, '');
  t = t.replace(/[\u02DA\u00B0\u02C6\u02DC\u00A8\u00B4\u0060\u02C7\u02D8]/g, '');
  // "inflam-\nmation" → "inflammation"; the parser keeps real compounds, so matching is done without hyphens.
  t = t.replace(/-[ \t]*\n[ \t]*/g, '');
  return t.replace(/\s+/g, ' ').toLowerCase();
}

/** Letters and digits only: the key quotes are looked up by. */
export function matchKey(s: string): string {
  return readingText(s).replace(/[^\p{L}\p{N}]/gu, '');
}

const CAPTION = /^(?:fig(?:ure)?s?|table|scheme|plate|chart)\.?\s*[0-9IVX]+/i;
const INSTITUTION =
  /\b(?:department|dept|university|universit[éàa]|institute|instituto|hospital|faculty|school of|college|laborator(?:y|ies)|centre|center for|clinic|e-?mail|correspondence)\b/i;
const VERB =
  /\b(?:is|are|was|were|be|been|has|have|had|showed|shows|show|found|suggest|suggests|indicate|indicates|increased|decreased|reduced|used|performed|observed|can|may|will|did|does)\b/i;

export function isCaption(quote: string): boolean {
  return CAPTION.test(quote.trim());
}

/** An affiliation line: names an institution, is a comma list, and has no verb. */
export function isAffiliation(quote: string): boolean {
  return INSTITUTION.test(quote) && (quote.match(/,/g)?.length ?? 0) >= 1 && !VERB.test(quote);
}

/** Keys of the text blocks (separated by a blank line) of some pages, in pdftotext's order. */
function blockKeys(pages: string[]): string[] {
  return pages
    .flatMap((p) => p.split(/\n[ \t]*\n/))
    .map(matchKey)
    .filter(Boolean);
}

/**
 * Whether `key` reads as the end of one block followed by the start of another (at most one whole block in
 * between): a sentence that runs from one column, or page, into the next, which pdftotext may print apart.
 * A splice of two columns in mid-line does not pass: its pieces do not end and start blocks.
 */
function acrossBlocks(key: string, blocks: string[]): boolean {
  for (let i = key.length - 1; i >= 8; i--) {
    const head = key.slice(0, i);
    if (!blocks.some((b) => b.endsWith(head))) continue;
    const rest = key.slice(i);
    if (blocks.some((b) => b.startsWith(rest))) return true;
    for (const mid of blocks)
      if (rest.startsWith(mid) && blocks.some((b) => b.startsWith(rest.slice(mid.length)))) return true;
  }
  return false;
}

export function checkQuote(quote: string, cited: number[], pages: string[], keys: string[]): QuoteVerdict {
  const key = matchKey(quote);
  const first = Math.min(...cited);
  const last = Math.max(...cited);
  const citedKey = keys.slice(first - 1, last).join('');
  const verdict: QuoteVerdict = {
    where: 'missing',
    midWord: false,
    endsInNumber: false,
    mixed: false,
    caption: isCaption(quote),
    affiliation: isAffiliation(quote),
  };
  if (!key) return verdict;
  if (citedKey.includes(key) || acrossBlocks(key, blockKeys(pages.slice(first - 1, last))))
    verdict.where = 'cited';
  else if (keys.some((k) => k.includes(key))) verdict.where = 'other';
  else {
    // Not one run of the page: if both halves are on the cited page, the quote splices two places.
    const half = Math.floor(key.length / 2);
    verdict.mixed = half >= 12 && citedKey.includes(key.slice(0, half)) && citedKey.includes(key.slice(half));
  }
  const read = readingText(pages.slice(first - 1, last).join('\n'));
  const q = readingText(quote).trim();
  const head = q.slice(0, Math.min(24, q.length));
  const at = read.indexOf(head);
  if (at > 0 && /[\p{L}\p{N}]/u.test(read[at - 1]!) && /^[\p{L}\p{N}]/u.test(head)) {
    // Starts mid-word only if no occurrence of the head starts a word.
    let i = at;
    let startsWord = false;
    while (i >= 0) {
      if (i === 0 || !/[\p{L}\p{N}]/u.test(read[i - 1]!)) startsWord = true;
      if (startsWord) break;
      i = read.indexOf(head, i + 1);
    }
    verdict.midWord = !startsWord;
  }
  const tail = q.slice(Math.max(0, q.length - 24));
  const end = read.indexOf(tail);
  if (end >= 0 && /[\p{N}]$/u.test(tail)) {
    const after = read.slice(end + tail.length, end + tail.length + 2);
    verdict.endsInNumber = /^[\p{N}]/u.test(after) || /^[.,]\p{N}/u.test(after);
  }
  if (/[.,]$/.test(tail) && /\p{N}[.,]$/u.test(tail) && end >= 0) {
    verdict.endsInNumber ||= /^\p{N}/u.test(read.slice(end + tail.length, end + tail.length + 1));
  }
  return verdict;
}
