import path from 'node:path';
import type { Command } from 'commander';
import type { DocumentDetail } from '../../contract';
import { type GlobalOptions, cliLogger } from '../global-options';
import { printable } from '../printable';
import { noCtx, printDocuments, retryFailedPassages, waitForDocuments } from './ingest-report';

/**
 * `ariadne retry [doc…]`: retries the failed passages of partially failed documents (all of them, or
 * those named by id, file name or path) through the service's `library:retry-failed`, and waits.
 */
export function registerRetry(program: Command) {
  program
    .command('retry')
    .description('Retry the failed passages of partially failed documents (all, or the ones named)')
    .argument('[documents...]', 'document ids, file names or paths (default: every partially failed one)')
    .option('--json', 'print the summary as JSON')
    .action(async (names: string[], opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      // Logs go to the library's log file (stderr with --verbose), never into the command's own output.
      const held = await (await import('../library-access')).holdLibrary(g, cliLogger(g));
      const { core } = held;
      try {
        const { documents } = await core.handlers['library:list']({}, noCtx());
        const unknown: string[] = [];
        const chosen = new Set<string>();
        for (const n of names) {
          const abs = path.resolve(n);
          const hits = documents.filter(
            (d) => d.id === n || d.fileName === n || d.fileName === path.basename(abs),
          );
          if (!hits.length) unknown.push(n);
          for (const d of hits) chosen.add(d.id);
        }
        if (!names.length) for (const d of documents) if (d.status === 'partially_failed') chosen.add(d.id);
        const retried: string[] = [];
        const skipped: DocumentDetail[] = [];
        for (const id of chosen) {
          const d = await core.handlers['library:document']({ documentId: id }, noCtx());
          if (await retryFailedPassages(core, d)) retried.push(id);
          else skipped.push(d);
        }
        const details = await waitForDocuments(core, retried, process.stderr.isTTY && !opts.json);
        const failed = details.filter((d) => d.status !== 'done').length + unknown.length;
        if (opts.json) {
          process.stdout.write(
            JSON.stringify({ ok: failed === 0, retried: details, skipped, unknown }, null, 2) + '\n',
          );
        } else {
          if (!chosen.size && !unknown.length)
            process.stdout.write('No partially failed documents to retry.\n');
          printDocuments(details);
          for (const d of skipped)
            process.stdout.write(
              `${'skipped'.padEnd(16)} ${printable(d.fileName)}: ${d.status}, nothing to retry\n`,
            );
          for (const n of unknown)
            process.stdout.write(`${'unknown'.padEnd(16)} ${printable(n)}: no such document\n`);
        }
        if (failed) process.exitCode = 1;
      } finally {
        await held.close();
      }
    });
}
