import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The one wink-nlp instance of a process (or worker). Loading the English lite model takes ~60 ms and
 * ~20 MB, so it is made on first use and shared by every caller: sentence boundaries, tokens with POS tags,
 * noun chunks. Everything that reads prose through wink-nlp goes through here.
 */
export type WinkNlp = ReturnType<typeof winkNLP>;

let instance: WinkNlp | undefined;

export function wink(): WinkNlp {
  instance ??= winkNLP(model);
  return instance;
}
