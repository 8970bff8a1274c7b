import type { Command } from 'commander';
import { type GlobalOptions, cliLogger } from '../global-options';
import { type FileKind, parseOnly, selectFiles, nothingToAdd, folderNotes } from '../ingest-messages';
import { noCtx, printDocuments, retryFailedPassages } from './ingest-report';
import { confirmBatch, terminalIo } from '../confirm-batch';
import { PASSWORD_ENV, isLocked, passwordSource, terminalPasswordIo } from '../pdf-password';
import { waitUnlocking } from './unlock-locked';

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
    .option('--only <types>', 'take only these file types: pdf, txt, md (comma-separated)', parseOnly)
    .option('-y, --yes', 'do not ask before a batch estimated to take long (Settings: ask above N minutes)')
    .option(
      '--password',
      `read encrypted PDFs: asks for the password (on a terminal), else reads it from stdin's first line; or set ${PASSWORD_ENV}`,
    )
    .action(
      async (
        paths: string[],
        opts: { json?: boolean; only?: FileKind[]; yes?: boolean; password?: boolean },
        cmd: Command,
      ) => {
        const g = cmd.optsWithGlobals<GlobalOptions>();
        // Walked here, before the library opens, so an empty selection costs little and says so. Imported
        // when the command runs, as the core is, so `--help` does not load them.
        const { expandPaths } = await import('../../core/ingest/expand-paths');
        const { kindOfFile } = await import('../../core/ingest/expand-paths');
        const found = await expandPaths(paths);
        const selection = selectFiles(found, opts.only, (f) => kindOfFile(f));
        if (selection.take.length === 0) {
          const message = nothingToAdd(paths, found, selection);
          if (opts.json)
            process.stdout.write(
              JSON.stringify(
                {
                  ok: false,
                  documents: [],
                  rejected: found.rejected,
                  skipped: selection.skipped,
                  error: message,
                },
                null,
                2,
              ) + '\n',
            );
          else process.stderr.write(`${message}\n`);
          process.exitCode = 1;
          return;
        }
        const held = await (await import('../library-access')).holdLibrary(g, cliLogger(g));
        const { core, providerNote } = held;
        try {
          if (providerNote && !opts.json) process.stderr.write(providerNote + '\n');
          // Before anything is added: what the batch will cost with this model, and a question when it is long.
          // Nobody to ask (`--yes`, a script): no probe call on an untimed model, so a scripted run makes
          // exactly one model call per passage.
          const io = terminalIo();
          const probe = io.interactive && !opts.yes;
          const estimate = await core.handlers['library:estimate']({ paths: selection.take, probe }, noCtx());
          if (!(await confirmBatch(estimate, { yes: opts.yes }, io))) {
            process.stderr.write('Cancelled: nothing was added.\n');
            if (opts.json)
              process.stdout.write(
                JSON.stringify({ ok: false, cancelled: true, documents: [], estimate }, null, 2) + '\n',
              );
            return;
          }
          const res = await core.handlers['library:import']({ paths: selection.take }, noCtx());
          res.rejected.unshift(...found.rejected);
          // Files failed at import (locked, not a PDF) are reported with the rest; the locked ones are read
          // again when a password is at hand.
          const ids = [...res.added.map((a) => a.id), ...(res.failed ?? []).map((f) => f.id)];
          const notes = new Map<string, string>();
          for (const a of res.added.filter((x) => x.duplicate)) {
            const d = await core.handlers['library:document']({ documentId: a.id }, noCtx());
            if (isLocked(d)) continue;
            const retried = await retryFailedPassages(core, d);
            notes.set(a.id, retried ? ' (failed passages retried)' : ' (already in the library)');
          }
          const passwords = passwordSource(!!opts.password, terminalPasswordIo());
          const details = await waitUnlocking(core, ids, passwords, process.stderr.isTTY && !opts.json);
          const failed = details.filter((d) => d.status !== 'done').length + res.rejected.length;
          if (opts.json) {
            process.stdout.write(
              JSON.stringify(
                {
                  ok: failed === 0,
                  documents: details,
                  rejected: res.rejected,
                  skipped: selection.skipped,
                  estimate,
                },
                null,
                2,
              ) + '\n',
            );
          } else {
            printDocuments(details, notes, res.rejected, passwords?.from);
            // A locked file opened by its password in this run is as new as the others.
            const opened = (res.failed ?? []).filter((f) =>
              details.some((d) => d.id === f.id && d.status === 'done'),
            ).length;
            const added = res.added.filter((a) => !a.duplicate).length + opened;
            for (const line of folderNotes(
              paths,
              selection,
              { added, known: res.added.filter((a) => a.duplicate).length },
              !!opts.only,
            ))
              process.stdout.write(`${line}\n`);
          }
          if (failed && !opts.json)
            process.stdout.write(
              `${failed} file(s) did not finish: see the reasons above. Partly failed documents keep what was read; ` +
                'retry their failed passages with `ariadne retry` once the cause is fixed, or fix the file and ingest it again.\n',
            );
          if (failed) process.exitCode = 1;
        } finally {
          await held.close();
        }
      },
    );
}
