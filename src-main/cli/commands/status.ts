import type { Command } from 'commander';
import { createMemoryLogger } from '../../core/deps';
import { VERSION } from '../../version';
import { normaliseOllamaUrl, type GlobalOptions } from '../global-options';
import { INGEST_FIRST } from '../next-step';

/** `ariadne status`: the queue and every document's state. Opening the library resumes unfinished jobs. */
export function registerStatus(program: Command) {
  program
    .command('status')
    .description('Show the ingest queue and the state of every document')
    .option('--json', 'print as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const { core } = await (
        await import('../../core/boot')
      ).bootCore({
        dataDir: g.data,
        llm: 'builtin',
        ollamaUrl: normaliseOllamaUrl(g.ollama),
        host: 'serve',
        version: VERSION,
        log: createMemoryLogger(),
      });
      try {
        // Look, do not work: a status call must not start processing the queue.
        core.ingest.scheduler.pause();
        const ctx = { signal: new AbortController().signal, emit: () => undefined };
        const queue = await core.handlers['queue:status']({}, ctx);
        const { documents } = await core.handlers['library:list']({}, ctx);
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
            `${d.status.padEnd(16)} ${d.fileName}: ${d.chunksDone}/${d.chunksTotal} chunks, ${d.entities} entities, ${d.relationships} relationships${d.error ? ` — ${d.error}` : ''}\n`,
          );
        }
      } finally {
        await core.close();
      }
    });
}
