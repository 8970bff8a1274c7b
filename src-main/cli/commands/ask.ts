import type { Command } from 'commander';
import { QaMode, type QaStreamItem } from '../../contract/qa';
import { createMemoryLogger } from '../../core/deps';
import type { GlobalOptions } from '../global-options';

/** `ariadne ask <question>`: a cited answer from the library, streamed to the terminal. */
export function registerAsk(program: Command) {
  program
    .command('ask <question>')
    .description('Answer a question from the library, citing [n] to document, page and quote')
    .option('--mode <mode>', `retrieval mode (${QaMode.options.join('|')})`, 'auto')
    .option('--json', 'print the answer, citations and trace as JSON')
    .action(async (question: string, opts: { mode: string; json?: boolean }, cmd: Command) => {
      const mode = QaMode.safeParse(opts.mode);
      if (!mode.success) throw new Error(`--mode must be one of ${QaMode.options.join(', ')}`);
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const lib = await (await import('../library-access')).openLibraryAccess(g, createMemoryLogger());
      const providerNote = lib.providerNote;
      try {
        if (providerNote && !opts.json) process.stderr.write(`${providerNote}\n`);
        const emit = (i: QaStreamItem) => {
          if (!opts.json && i.type === 'token') process.stdout.write(i.text);
        };
        const a = await lib.call('qa:ask', { question, mode: mode.data }, emit);
        if (opts.json) {
          const citations = a.citations.map((c) => ({
            n: c.n,
            document: c.title,
            documentId: c.documentId,
            year: c.year,
            page: c.page,
            chunk: c.chunkId,
            quote: c.quote,
            supported: c.supported,
          }));
          process.stdout.write(
            JSON.stringify(
              {
                answer: a.answer,
                mode: a.mode,
                confidence: a.confidence,
                insufficient: a.insufficient,
                citations,
                trace: a.trace,
                conversationId: a.conversationId,
              },
              null,
              2,
            ) + '\n',
          );
          return;
        }
        // The streamed text may still carry markers the check removed: print the verified answer after it.
        process.stdout.write(`\n\n${a.answer}\n\nmode: ${a.mode}, confidence ${a.confidence.toFixed(2)}\n`);
        for (const c of a.citations) {
          process.stdout.write(
            `[${c.n}]${c.supported ? '' : ' (unsupported)'} ${c.title}${c.year ? ` (${c.year})` : ''}, p. ${c.page ?? '?'}: "${c.quote}"\n`,
          );
        }
      } finally {
        await lib.close();
      }
    });
}
