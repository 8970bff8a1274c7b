/**
 * Where a quote is in a text file: `[start, end)` of the file's own characters. The quote comes from the
 * library's reading of the file (Markdown marks, line breaks and spacing may differ), so the match ignores
 * everything but letters and digits and maps back to the file's offsets. Null when the words are not there.
 */
export function locateQuote(text: string, quote: string): { start: number; end: number } | null {
  if (!quote.trim()) return null;
  const exact = text.indexOf(quote);
  if (exact >= 0) return { start: exact, end: exact + quote.length };
  // The file's letters and digits, lower-cased, each with its offset in the file.
  let flat = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (/[\p{L}\p{N}]/u.test(c)) {
      flat += c.toLowerCase();
      offsets.push(i);
    }
  }
  const want = [...quote]
    .filter((c) => /[\p{L}\p{N}]/u.test(c))
    .join('')
    .toLowerCase();
  if (!want) return null;
  const at = flat.indexOf(want);
  if (at < 0) return null;
  const start = offsets[at] ?? 0;
  const last = offsets[at + want.length - 1] ?? start;
  return { start, end: last + 1 };
}
