/** A typed mention in the text: character offsets, and how sure the rule that found it is. */
export interface Mention {
  start: number;
  end: number;
  name: string;
  type: string;
  /** Lower wins when mentions overlap: a defined abbreviation beats a known term beats a word shape. */
  rank: number;
  /** Set on a long form defined with an abbreviation in this text: the short form. */
  definition?: string;
}
