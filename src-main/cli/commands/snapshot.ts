import type { Command } from 'commander';
import type { SnapshotInfo } from '../../contract';
import type { GlobalOptions } from '../global-options';
import { readLibrary } from '../read-library';

const size = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

function line(s: SnapshotInfo): string {
  return `${s.id}  ${s.documents} document${s.documents === 1 ? '' : 's'}, ${size(s.bytes)} (${s.reason})`;
}

/**
 * `ariadne snapshot [--list]`: takes a snapshot of the library now, or lists them (newest first). Works
 * next to a running `serve` or ingest: through the process that holds the library.
 */
export function registerSnapshot(program: Command) {
  program
    .command('snapshot')
    .description(
      'Take a snapshot of the library now (or list them with --list); `ariadne restore ID` goes back to one',
    )
    .option('--list', 'list the snapshots, newest first')
    .option('--json', 'print as JSON')
    .action(async (opts: { list?: boolean; json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      await readLibrary({ ...g, llm: 'builtin' }, async (lib) => {
        if (opts.list) {
          const { snapshots, pendingRestore } = await lib.call('library:snapshots', {});
          if (opts.json)
            return void process.stdout.write(JSON.stringify({ snapshots, pendingRestore }, null, 2) + '\n');
          if (!snapshots.length) process.stdout.write('No snapshots yet: `ariadne snapshot` takes one.\n');
          for (const s of snapshots) process.stdout.write(`${line(s)}\n`);
          if (pendingRestore) process.stdout.write(`Restored at the next start: ${pendingRestore}\n`);
          return;
        }
        const taken = await lib.call('library:snapshot', {});
        if (opts.json) return void process.stdout.write(JSON.stringify({ snapshot: taken }, null, 2) + '\n');
        process.stdout.write(
          taken ? `Snapshot taken: ${line(taken)}\n` : 'This library keeps no files to snapshot.\n',
        );
      });
    });

  program
    .command('restore')
    .description('Put the library back as it was in a snapshot (what it replaces is set aside, not deleted)')
    .argument('<snapshot>', 'a snapshot id from `ariadne snapshot --list`, or "latest"')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const { listSnapshots, restoreSnapshot } = await import('../../core/library/snapshots');
      const chosen = id === 'latest' ? listSnapshots(g.data)[0]?.id : id;
      if (!chosen)
        throw Object.assign(new Error('No snapshots yet: nothing to restore.'), { code: 'not_found' });
      const { snapshot, setAside } = restoreSnapshot(g.data, chosen);
      process.stdout.write(
        `Restored ${line(snapshot)}.\nWhat it replaced is in ${setAside}: delete that folder once the library looks right.\n`,
      );
    });
}
