import { readPubtator, type PubtatorText } from '../pubtator-format';

/** PubTator format (BioCreative V CDR): `pmid|t|title`, `pmid|a|abstract`, tab-separated mentions and CID rows. */
export interface GoldMention {
  start: number;
  end: number;
  text: string;
  type: 'Chemical' | 'Disease';
  /** MeSH ids; composite mentions ("ovarian and breast cancer") carry several, joined by `|` in the file. */
  ids: string[];
}

/** `text` is the title and abstract joined by one space: the offsets of `mentions` index into it. */
export interface PubtatorDoc extends PubtatorText {
  mentions: GoldMention[];
  /** Chemical-induced-disease pairs of MeSH ids. */
  cid: { chemical: string; disease: string }[];
}

export function parsePubtator(content: string): PubtatorDoc[] {
  return readPubtator<PubtatorDoc>(
    content,
    (pmid) => ({ pmid, title: '', abstract: '', text: '', mentions: [], cid: [] }),
    (f, doc) => {
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
    },
  );
}

/**
 * A stable split of the tuning set: documents whose PMID is divisible by 4 are held out of anything learned
 * from the data (about a quarter), so the figures on them say how the engine does on unseen abstracts.
 */
export function isHeldOut(pmid: string): boolean {
  return Number(pmid) % 4 === 0;
}
