import type { Command } from 'commander';
import { createStderrLogger } from '../../core/deps';
import { type GlobalOptions, bootFromOptions } from '../global-options';
import { noCtx, printDocuments, retryFailedPassages, waitForDocuments } from './ingest-report';

/**
 * `ariadne ingest <paths…>`: import, wait, print a per-document summary; non-zero exit if any failed.
 * A file already in the library as partially failed has its failed passages retried.
 */
export function registerIngest(program: Command) {
  program
    .command('ingest')
    .description('Add PDFs, .txt and .md files (or folders) to the library and wait until they are processed')
    .argument('<paths...>', 'files or folders')
    .option('--json', 'print the summary as JSON')
    .action(async (paths: string[], opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const log = createStderrLogger(process.env.ARIADNE_LOG_LEVEL === 'debug' ? 'debug' : 'warn');
      const { core, providerNote } = await bootFromOptions(g, log);
      // `status`, `search` and `ask` go through this process while it holds the library.
      const { shareLibrary } = await import('../../rpc/server/library-endpoint');
      const { createDispatcher } = await import('../../rpc/dispatch');
      const shared = await shareLibrary({
        dataDir: g.data,
        dispatcher: createDispatcher(core.handlers, log),
        events: core.events,
        log,
      });
      try {
        if (providerNote && !opts.json) process.stderr.write(providerNote + '\n');
        const res = await core.handlers['library:import']({ paths }, noCtx());
        const ids = res.added.map((a) => a.id);
        const notes = new Map<string, string>();
        for (const a of res.added.filter((x) => x.duplicate)) {
          const d = await core.handlers['library:document']({ documentId: a.id }, noCtx());
          const retried = await retryFailedPassages(core, d);
          notes.set(a.id, retried ? ' (failed passages retried)' : ' (already in the library)');
        }
        const details = await waitForDocuments(core, ids, process.stderr.isTTY && !opts.json);
        const failed = details.filter((d) => d.status !== 'done').length + res.rejected.length;
        if (opts.json) {
          process.stdout.write(
            JSON.stringify({ ok: failed === 0, documents: details, rejected: res.rejected }, null, 2) + '\n',
          );
        } else printDocuments(details, notes, res.rejected);
        if (failed) process.exitCode = 1;
      } finally {
        await shared.close();
        await core.close();
      }
    });
}
