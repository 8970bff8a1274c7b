import type { Command } from 'commander';
import type { DocumentSummary, IngestProgress } from '../../contract';
import { type GlobalOptions, bootFromOptions } from '../global-options';
import { type FileKind, parseOnly, selectFiles, nothingToAdd, folderNotes } from '../ingest-messages';

const noCtx = () => ({ signal: new AbortController().signal, emit: () => undefined });

function bar(p: IngestProgress[]): string {
  const done = p.reduce((n, x) => n + x.chunksDone + x.chunksFailed, 0);
  const total = p.reduce((n, x) => n + x.chunksTotal, 0) || 1;
  const finished = p.filter((x) => !['queued', 'running'].includes(x.status)).length;
  const width = 30;
  const fill = Math.round((done / total) * width);
  const eta = Math.max(0, ...p.map((x) => x.etaMs ?? 0));
  return `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${finished}/${p.length} documents, ${done}/${total} chunks${eta ? `, ~${Math.ceil(eta / 1000)} s left` : ''}`;
}

/** `ariadne ingest <paths…>`: import, wait, print a per-document summary; non-zero exit if any failed. */
export function registerIngest(program: Command) {
  program
    .command('ingest')
    .description('Add PDFs, .txt and .md files (or folders) to the library and wait until they are processed')
    .argument('<paths...>', 'files or folders')
    .option('--json', 'print the summary as JSON')
    .option('--only <types>', 'take only these file types: pdf, txt, md (comma-separated)', parseOnly)
    .action(async (paths: string[], opts: { json?: boolean; only?: FileKind[] }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      // Walked here, before the library opens, so an empty selection costs little and says so. Imported
      // when the command runs, as the core is, so `--help` does not load them.
      const { expandPaths } = await import('../../core/ingest/library-ops');
      const { kindOfFile } = await import('../../core/ingest/parse/parse-in-worker');
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
      const { core, providerNote } = await bootFromOptions(g);
      try {
        if (providerNote && !opts.json) process.stderr.write(providerNote + '\n');
        const res = await core.handlers['library:import']({ paths: selection.take }, noCtx());
        res.rejected.unshift(...found.rejected);
        const ids = res.added.map((a) => a.id);
        const tty = process.stderr.isTTY && !opts.json;
        const latest = new Map<string, IngestProgress>();
        const off = core.events.subscribe((name, payload) => {
          if (name !== 'ingest:progress') return;
          const p = payload as IngestProgress;
          if (!ids.includes(p.documentId)) return;
          latest.set(p.documentId, p);
          if (tty) process.stderr.write(`\r${bar([...latest.values()])}\x1b[K`);
        });
        await core.ingest.waitFor(ids);
        off();
        if (tty) process.stderr.write('\n');
        const docs: DocumentSummary[] = [];
        for (const id of [...new Set(ids)])
          docs.push(
            await core.handlers['library:list']({}, noCtx()).then((l) =>
              l.documents.find((d) => d.id === id)!,
            ),
          );
        const details = await Promise.all(
          docs.map((d) => core.handlers['library:document']({ documentId: d.id }, noCtx())),
        );
        const failed = docs.filter((d) => d.status !== 'done').length + res.rejected.length;
        if (opts.json) {
          process.stdout.write(
            JSON.stringify(
              { ok: failed === 0, documents: details, rejected: res.rejected, skipped: selection.skipped },
              null,
              2,
            ) + '\n',
          );
        } else {
          for (const d of details) {
            const dup = res.added.find((a) => a.id === d.id)?.duplicate ? ' (already in the library)' : '';
            process.stdout.write(
              `${d.status.padEnd(16)} ${d.fileName}${dup}: ${d.chunksDone}/${d.chunksTotal} chunks, ${d.entities} entities, ${d.relationships} relationships` +
                `${d.chunkErrors.length ? `, ${d.chunkErrors.length} errors` : ''}\n`,
            );
            for (const e of d.chunkErrors)
              process.stdout.write(
                `    chunk ${e.chunkIndex} ${e.step} (${e.attempts} attempts): ${e.error}\n`,
              );
            if (d.error && d.status !== 'done') process.stdout.write(`    ${d.error}\n`);
          }
          for (const r of res.rejected)
            process.stdout.write(`${'rejected'.padEnd(16)} ${r.fileName}: ${r.reason}\n`);
          const added = res.added.filter((a) => !a.duplicate).length;
          for (const line of folderNotes(
            paths,
            selection,
            { added, known: res.added.length - added },
            !!opts.only,
          ))
            process.stdout.write(`${line}\n`);
        }
        if (failed && !opts.json)
          process.stdout.write(
            `${failed} file(s) did not finish: see the reasons above. Partly failed documents keep what was read; ` +
              'retry their failed passages from the Library in the app (`npm start`), or fix the file and ingest it again.\n',
          );
        if (failed) process.exitCode = 1;
      } finally {
        await core.close();
      }
    });
}
