import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';
import type model from 'wink-eng-lite-web-model';

/**
 * The one wink-nlp instance of a process (or worker). Loading the English lite model takes ~60 ms and
 * ~20 MB, so it is made on first use and shared by every caller: sentence boundaries, tokens with POS tags,
 * noun chunks. Everything that reads prose through wink-nlp goes through here.
 *
 * The packages themselves are required on first use too, not imported: importing the model parses it,
 * which cost every process that opened a library (the CLI's `status`, `serve`) a quarter of a second
 * under load although only the built-in engine's rules read prose with it.
 */
export type WinkNlp = ReturnType<typeof winkNLP>;

let instance: WinkNlp | undefined;

export function wink(): WinkNlp {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const load = require('wink-nlp') as typeof winkNLP;
    instance = load(require('wink-eng-lite-web-model') as typeof model);
  }
  return instance;
}
