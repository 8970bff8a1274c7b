import type { Command } from 'commander';
import { createMemoryLogger } from '../../core/deps';
import type { GlobalOptions } from '../global-options';
import { INGEST_FIRST } from '../next-step';
import { printable } from '../printable';
import { readingNote } from '../reading-note';

/** `ariadne status`: the queue and every document's state. Works while another process holds the library. */
export function registerStatus(program: Command) {
  program
    .command('status')
    .description('Show the ingest queue and the state of every document')
    .option('--json', 'print as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      // Look, do not work: the queue stays paused, and a library another process holds is read through it.
      const { openLibraryAccess } = await import('../library-access');
      const lib = await openLibraryAccess(g, createMemoryLogger(), { llm: 'builtin' });
      try {
        const queue = await lib.call('queue:status', {});
        const { documents } = await lib.call('library:list', {});
        if (opts.json) {
          process.stdout.write(JSON.stringify({ queue, documents }, null, 2) + '\n');
          return;
        }
        if (documents.length === 0) {
          process.stdout.write(`${INGEST_FIRST}\n`);
          return;
        }
        process.stdout.write(
          `queue: ${queue.queued} queued, ${queue.running} running, ${queue.done} done, ${queue.failed} failed (capacity ${queue.capacity})\n`,
        );
        for (const d of documents) {
          process.stdout.write(
            `${d.status.padEnd(16)} ${printable(d.fileName)}: ${d.chunksDone}/${d.chunksTotal} chunks, ${d.entities} entities, ${d.relationships} relationships${readingNote(d)}${d.error ? ` — ${printable(d.error)}` : ''}\n`,
          );
        }
      } finally {
        await lib.close();
      }
    });
}
