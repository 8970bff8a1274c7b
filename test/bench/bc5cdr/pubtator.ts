/** PubTator format (BioCreative V CDR): `pmid|t|title`, `pmid|a|abstract`, tab-separated mentions and CID rows. */
export interface GoldMention {
  start: number;
  end: number;
  text: string;
  type: 'Chemical' | 'Disease';
  /** MeSH ids; composite mentions ("ovarian and breast cancer") carry several, joined by `|` in the file. */
  ids: string[];
}

export interface PubtatorDoc {
  pmid: string;
  title: string;
  abstract: string;
  /** Title and abstract as one text, joined by one space: the offsets of `mentions` index into it. */
  text: string;
  mentions: GoldMention[];
  /** Chemical-induced-disease pairs of MeSH ids. */
  cid: { chemical: string; disease: string }[];
}

export function parsePubtator(content: string): PubtatorDoc[] {
  const docs = new Map<string, PubtatorDoc>();
  const doc = (pmid: string) => {
    let d = docs.get(pmid);
    if (!d) {
      d = { pmid, title: '', abstract: '', text: '', mentions: [], cid: [] };
      docs.set(pmid, d);
    }
    return d;
  };
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    const bar = /^(\d+)\|([ta])\|(.*)$/.exec(line);
    if (bar) {
      const d = doc(bar[1]!);
      if (bar[2] === 't') d.title = bar[3]!;
      else d.abstract = bar[3]!;
      d.text = `${d.title} ${d.abstract}`;
      continue;
    }
    const f = line.split('\t');
    if (f[1] === 'CID' && f.length >= 4) {
      doc(f[0]!).cid.push({ chemical: f[2]!, disease: f[3]! });
    } else if (f.length >= 6 && (f[4] === 'Chemical' || f[4] === 'Disease')) {
      doc(f[0]!).mentions.push({
        start: Number(f[1]),
        end: Number(f[2]),
        text: f[3]!,
        type: f[4],
        ids: f[5]!.split('|').filter((x) => x && x !== '-1'),
      });
    }
  }
  return [...docs.values()].filter((d) => d.text.trim());
}

/**
 * A stable split of the tuning set: documents whose PMID is divisible by 4 are held out of anything learned
 * from the data (about a quarter), so the figures on them say how the engine does on unseen abstracts.
 */
export function isHeldOut(pmid: string): boolean {
  return Number(pmid) % 4 === 0;
}
