import type { ImportEstimate } from '../contract/library';

export interface ConfirmIo {
  /** Both ends are a terminal: someone is there to answer. */
  interactive: boolean;
  write(text: string): void;
  ask(question: string): Promise<string>;
}

/**
 * Shows a batch's estimate and decides whether to go on. A batch above the threshold asks on a terminal;
 * `--yes` skips the question, and without a terminal (scripts, CI) the question is not asked — it says so
 * and goes on, since a prompt nobody can answer would hang the script.
 */
export async function confirmBatch(
  e: ImportEstimate,
  opts: { yes?: boolean },
  io: ConfirmIo,
): Promise<boolean> {
  const speed =
    e.basis === 'probe'
      ? ` (timed on its first passage: ${Math.round((e.msPerCall ?? 0) / 1000)} s a call)`
      : e.basis === 'measured' && e.outputTokensPerSecond
        ? ` (measured: ${Math.round(e.outputTokensPerSecond)} tokens/s, ${Math.round((e.msPerCall ?? 0) / 1000)} s a call)`
        : '';
  io.write(`Estimate: ${e.summary}${speed}.\n`);
  if (!e.confirm || opts.yes) return true;
  if (!io.interactive) {
    io.write(`This is over ${e.thresholdMinutes} min; not a terminal, so going on without asking.\n`);
    return true;
  }
  const answer = await io.ask(`This is over ${e.thresholdMinutes} min. Index them? [y/N] `);
  return /^\s*y(es)?\s*$/i.test(answer);
}

/** The process's terminal: stdin answers, stderr asks (stdout stays the command's output). */
export function terminalIo(): ConfirmIo {
  return {
    interactive: !!process.stdin.isTTY && !!process.stderr.isTTY,
    write: (text) => void process.stderr.write(text),
    async ask(question) {
      const { createInterface } = await import('node:readline/promises');
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
  };
}
