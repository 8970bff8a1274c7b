import type { Command } from 'commander';
import { type GlobalOptions, bootFromOptions } from '../global-options';
import { printableLines } from '../printable';

const noCtx = () => ({ signal: new AbortController().signal, emit: () => undefined });

/** `ariadne zotero <source>`: import a Zotero library's PDFs with their Zotero metadata, and wait. */
export function registerZotero(program: Command) {
  program
    .command('zotero')
    .description(
      "Import the PDFs of a Zotero library with their metadata: Zotero's data folder (holding zotero.sqlite), or a Better BibTeX .bib / CSL-JSON .json export made with files",
    )
    .argument('<source>', 'Zotero data folder, .bib or .json export')
    .option('--json', 'print the result as JSON')
    .action(async (source: string, opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const { core, providerNote } = await bootFromOptions(g);
      try {
        if (providerNote && !opts.json) process.stderr.write(providerNote + '\n');
        const res = await core.handlers['library:import-zotero']({ source }, noCtx());
        const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
        const failed = jobs.filter((j) => j.status !== 'done').length + res.rejected.length;
        if (opts.json) {
          process.stdout.write(
            JSON.stringify({ ...res, statuses: jobs.map((j) => j.status) }, null, 2) + '\n',
          );
        } else {
          const { documents } = await core.handlers['library:list']({}, noCtx());
          process.stdout.write(
            `${res.items} Zotero item(s): ${res.added.length} added, ${res.known} already imported, ${res.withoutFile.length} without a PDF\n`,
          );
          for (const a of res.added) {
            const d = documents.find((x) => x.id === a.id);
            process.stdout.write(
              printableLines(`${(d?.status ?? '?').padEnd(16)} ${a.itemKey} ${d?.title ?? a.fileName}`) +
                '\n',
            );
          }
          for (const r of res.rejected)
            process.stdout.write(
              printableLines(`${'rejected'.padEnd(16)} ${r.fileName}: ${r.reason}`) + '\n',
            );
          if (res.withoutFile.length)
            process.stdout.write(
              `Items without a file were skipped; attach their PDFs in Zotero and run this again.\n`,
            );
        }
        if (failed) process.exitCode = 1;
      } finally {
        await core.close();
      }
    });
}
