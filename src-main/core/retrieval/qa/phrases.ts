/** Words that may sit inside a name ("Bank of England", "Leland, North Carolina" is two names). */
const CONNECTORS = new Set(['of', 'the', 'de', 'du', 'von', 'van', 'da', 'di', 'la', 'le', 'del']);
/** Capitalised only because they open a sentence or a question. */
const OPENERS = new Set(
  'the a an in on at of for and but or if is are was were what which who whom whose when where why how this that these those it its he she they we our their his her as by from with after before during while both'.split(
    ' ',
  ),
);

const isCapitalised = (w: string) => {
  const c = w[0];
  return !!c && c !== c.toLowerCase();
};
const strip = (w: string) => {
  let a = 0;
  let b = w.length;
  while (a < b && !/[\p{L}\p{N}]/u.test(w.charAt(a))) a++;
  while (b > a && !/[\p{L}\p{N}]/u.test(w.charAt(b - 1))) b--;
  return w.slice(a, b);
};

/**
 * Names in a text: runs of capitalised words (with "of", "the"… inside), as a reader would spot them —
 * "Christopher Nolan", "Haymo of Faversham", "Koolauloa District". A comma or a full stop ends a run. The
 * multi-hop search follows these from passage to passage when extraction left them out of the graph.
 */
export function namedPhrases(text: string, max = 40): string[] {
  const out = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    while (CONNECTORS.has(run.at(-1)?.toLowerCase() ?? '')) run.pop();
    const phrase = run.join(' ');
    if (phrase && !(run.length === 1 && OPENERS.has(phrase.toLowerCase())) && phrase.length > 2)
      out.add(phrase);
    run = [];
  };
  for (const raw of text.split(/\s+/)) {
    const w = strip(raw);
    if (!w) {
      flush();
      continue;
    }
    if (isCapitalised(w) || (run.length && CONNECTORS.has(w.toLowerCase()))) {
      // A sentence opener followed by a name: "The Hukilau Song" keeps "The", "In Hawaii" drops "In".
      const opener = run.length === 1 ? run[0]?.toLowerCase() : undefined;
      if (opener && OPENERS.has(opener) && opener !== 'the') run = [];
      run.push(w);
    } else flush();
    // Punctuation after a word ends the name there.
    if (w !== raw && /[,.;:!?)]$/.test(raw)) flush();
    if (out.size >= max) break;
  }
  flush();
  return [...out].slice(0, max);
}
