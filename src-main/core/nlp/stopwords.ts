import { createRequire } from 'node:module';

/**
 * The one stop-word source of the code: the English list of the `stopword` package (npm, MIT), with the
 * function words it leaves out that matter when words are compared (negations, "its", "whose", "via" …).
 * Retrieval's term overlap, evidence-sentence scoring and the built-in engine's summaries read it here.
 */
const EXTRA = (
  'a an the not no nor its it they them us whom whose within without upon onto via per does doing done ' +
  'shall may also either neither than then thus therefore hence whereas although though however yet'
).split(' ');

/**
 * Words that carry no subject in a scientific passage ("study", "results", "significant"): left out when a
 * summary or an extractive answer scores sentences by their content words, on top of the stop words.
 */
const FILLER = (
  'using used use based et al study studies result results show shows showed shown found data significant ' +
  'significantly observed reported suggest suggests suggested effect effects role level levels increase ' +
  'increased decrease decreased high higher low lower new one two three first second de novo'
).split(' ');

let stop: Set<string> | undefined;
let filler: Set<string> | undefined;

function stopSet(): Set<string> {
  if (!stop) {
    const require = createRequire(import.meta.url);
    const { eng } = require('stopword') as { eng: string[] };
    stop = new Set([...eng.map((w) => w.toLowerCase()), ...EXTRA]);
  }
  return stop;
}

/** A function word ("the", "of", "which", "not"), lower case expected. */
export function isStopWord(word: string): boolean {
  return stopSet().has(word);
}

/** A stop word or a word scientific prose uses for everything ("study", "significant"). */
export function isFillerWord(word: string): boolean {
  filler ??= new Set([...stopSet(), ...FILLER]);
  return filler.has(word);
}
