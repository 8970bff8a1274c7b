#!/usr/bin/env node
import { Command } from 'commander';
import { VERSION } from '../version';
import { registerDoctor } from './commands/doctor';
import { registerServe } from './commands/serve';
import { registerIngest } from './commands/ingest';
import { registerStatus } from './commands/status';
import { registerSearch } from './commands/search';
import { registerEntities } from './commands/entities';
import { registerContradictions } from './commands/contradictions';
import { registerAsk } from './commands/ask';
import { registerExport } from './commands/export';
import { registerZotero } from './commands/zotero';
import { registerRetry } from './commands/retry';
import { registerSnapshot } from './commands/snapshot';
import { registerRepair } from './commands/repair';
import { addGlobalOptions } from './global-options';
import { commandOptionsHelp } from './help';
import { describeError } from './next-step';

/**
 * `ariadne status | head` closes the pipe early: that is the reader's choice, not an error. The command
 * still finishes (an ingest keeps its work, the library closes cleanly); what it would have printed is
 * dropped, and it exits 0 as other Unix tools do.
 */
function quietOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
    throw e;
  });
}

/** `ariadne`: the headless face of the same core the desktop app runs. */
export async function runCli(argv: string[]): Promise<void> {
  quietOnClosedPipe();
  const program = addGlobalOptions(
    new Command('ariadne')
      .description('Ariadne — a local-first knowledge-graph workbench for scientists.')
      .version(VERSION)
      .showHelpAfterError('(run with --help for usage)'),
  );
  registerServe(program);
  registerDoctor(program);
  registerIngest(program);
  registerStatus(program);
  registerSearch(program);
  registerEntities(program);
  registerContradictions(program);
  registerAsk(program);
  registerExport(program);
  registerZotero(program);
  registerRetry(program);
  registerSnapshot(program);
  registerRepair(program);
  program.addHelpText('after', () => commandOptionsHelp(program));
  await program.parseAsync(argv);
}

runCli(process.argv).catch((e: unknown) => {
  const err = e as { code?: string };
  process.stderr.write(`${describeError(e)}\n`);
  process.exitCode = err.code === 'library_locked' ? 3 : 1;
});
