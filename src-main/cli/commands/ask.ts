import type { Command } from 'commander';
import { QA_MODES } from '../../contract/qa-modes';
import { createMemoryLogger } from '../../core/deps';
import type { GlobalOptions } from '../global-options';
import { INGEST_FIRST } from '../next-step';
import { printableLines } from '../printable';

const WORKING = 'Searching the library and writing the answer…';

/**
 * `ariadne ask <question>`: a cited answer from the library, printed once. The answer is not streamed: the
 * verified text (unsupported markers removed) is what the user should read, and streaming it first printed
 * the same answer twice.
 */
export function registerAsk(program: Command) {
  program
    .command('ask <question>')
    .description('Answer a question from the library, citing [n] to document, page and quote')
    .option('--mode <mode>', `retrieval mode (${QA_MODES.join('|')})`, 'auto')
    .option('--json', 'print the answer, citations and trace as JSON')
    .action(async (question: string, opts: { mode: string; json?: boolean }, cmd: Command) => {
      const mode = QA_MODES.find((m) => m === opts.mode);
      if (!mode) throw new Error(`--mode must be one of ${QA_MODES.join(', ')}`);
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const lib = await (await import('../library-access')).openLibraryAccess(g, createMemoryLogger());
      const providerNote = lib.providerNote;
      try {
        if (providerNote && !opts.json) process.stderr.write(`${providerNote}\n`);
        const tty = process.stderr.isTTY && !opts.json;
        if (tty) process.stderr.write(WORKING);
        const a = await lib.call('qa:ask', { question, mode }).finally(() => {
          if (tty) process.stderr.write('\r\x1b[K');
        });
        // The answer says when the library holds nothing yet (a count, not a listing of every document).
        if (a.empty) {
          if (opts.json)
            process.stdout.write(JSON.stringify({ answer: null, error: INGEST_FIRST }, null, 2) + '\n');
          else process.stderr.write(`${INGEST_FIRST}\n`);
          process.exitCode = 1;
          return;
        }
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
        // Answers and quotes are model and document text: shown, never interpreted by the terminal.
        process.stdout.write(
          printableLines(`${a.answer}\n\nmode: ${a.mode}, confidence ${a.confidence.toFixed(2)}`) + '\n',
        );
        for (const c of a.citations) {
          process.stdout.write(
            printableLines(
              `[${c.n}]${c.supported ? '' : ' (unsupported)'} ${c.title}${c.year ? ` (${c.year})` : ''}${c.label ? `, ${c.label}` : ''}, p. ${c.page ?? '?'}: "${c.quote}"`,
            ) + '\n',
          );
        }
        if (a.insufficient || a.citations.length === 0)
          process.stdout.write(
            `\nNothing in the library answers this well. See what it holds on a term with \`ariadne search <term>\`, ` +
              `or add papers on the topic with \`ariadne ingest <files>\`.\n`,
          );
      } finally {
        await lib.close();
      }
    });
}
