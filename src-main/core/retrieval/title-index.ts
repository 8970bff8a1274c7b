/**
 * Document titles as names. In an encyclopedic library (one article per thing) a passage that names
 * another document's title points at it: "He played for the Philadelphia Eagles" leads to the article
 * "Philadelphia Eagles". Multi-hop retrieval follows such mentions from the passages the first hop found
 * (the bridge), and a question that names a title leads straight to it. Scientific papers' titles are
 * long sentences that passages rarely repeat verbatim, so there the index finds little and costs nothing.
 */

/** Longest title, in words, looked for in a text; longer titles are not names anyone repeats verbatim. */
const MAX_WORDS = 8;
/** A key shared by more documents than this is a common phrase, not a name. */
const MAX_DOCS_PER_KEY = 3;

/** Capitalised only because they open a sentence, or too common to be a one-word title. */
const WEAK = new Set(
  'the a an in on at of for and but or if is are was were what which who whom whose when where why how this that these those it its he she they we our their his her as by from with after before during while both there here new one two first second third'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Words of a title or text, lower-cased, punctuation dropped ("Young, New South Wales" → young new south wales). */
function keyOf(words: string[]): string {
  return words.join(' ').normalize('NFKC').toLowerCase();
}

export interface TitleMention {
  docId: string;
  /** The title as written in the library. */
  title: string;
  /** Offset of the mention in the text searched. */
  at: number;
}

export class TitleIndex {
  private readonly byKey = new Map<string, { docId: string; title: string }[]>();

  /** `docs`: every document's id and title. */
  constructor(docs: { id: string; title: string }[]) {
    for (const d of docs) {
      const title = d.title.trim();
      if (!title) continue;
      // "Scott Howell (political consultant)" is mentioned as "Scott Howell".
      const open = title.endsWith(')') ? title.lastIndexOf('(') : -1;
      const bare = open > 0 ? title.slice(0, open).trim() : title;
      for (const form of new Set([title, bare])) {
        const words = form.match(WORD) ?? [];
        if (!words.length || words.length > MAX_WORDS) continue;
        const key = keyOf(words);
        if (words.length === 1 && (key.length < 3 || WEAK.has(key))) continue;
        const list = this.byKey.get(key) ?? [];
        if (!list.some((x) => x.docId === d.id)) list.push({ docId: d.id, title });
        this.byKey.set(key, list);
      }
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /**
   * Titles named in `text`, longest first where they overlap, in order of appearance. A mention must start
   * with a capital letter or a digit (a name, not the common word a short title may also be).
   */
  mentions(text: string, opts: { exclude?: ReadonlySet<string> } = {}): TitleMention[] {
    if (!this.byKey.size) return [];
    const words = [...text.matchAll(WORD)].map((m) => ({ w: m[0], at: m.index }));
    const out: TitleMention[] = [];
    const seen = new Set<string>();
    let skipTo = 0;
    words.forEach(({ w, at }, i) => {
      // Words already inside a longer title found at an earlier word are not looked at again.
      if (i < skipTo) return;
      const c = w.charAt(0);
      if (c === c.toLowerCase() && !/\p{N}/u.test(c)) return;
      for (let n = Math.min(MAX_WORDS, words.length - i); n >= 1; n--) {
        const key = keyOf(words.slice(i, i + n).map((x) => x.w));
        const docs = this.byKey.get(key);
        if (!docs || docs.length > MAX_DOCS_PER_KEY) continue;
        // A one-word key must not be a word that is capitalised only because it opens the sentence.
        if (n === 1 && WEAK.has(key)) continue;
        skipTo = i + n;
        for (const d of docs) {
          if (seen.has(d.docId) || opts.exclude?.has(d.docId)) continue;
          seen.add(d.docId);
          out.push({ docId: d.docId, title: d.title, at });
        }
        return;
      }
    });
    return out;
  }
}
