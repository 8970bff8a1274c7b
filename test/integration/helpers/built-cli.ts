import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether `npm run build` has made the CLI these tests run (they skip without it). */
export const built = fs.existsSync('out/main/cli.js');

export interface CliRun {
  code: number | null;
  signal: string | null;
  out: string;
}

/**
 * Runs the built CLI in a child process. An exit code or a crash comes back as data, never as a thrown
 * error: a test of a damaged library must see a crash as a crash, not lose the runner with it.
 */
export async function runBuiltCli(
  args: string[],
  timeoutMs = 180_000,
  /** `input`: written to its stdin, then closed. `env`: added to this process's environment. */
  opts: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  try {
    const running = run(process.execPath, ['bin/ariadne.js', ...args], {
      encoding: 'utf8',
      timeout: timeoutMs,
      env: { ...process.env, ...opts.env },
    });
    if (opts.input !== undefined) running.child.stdin?.end(opts.input);
    const r = await running;
    return { code: 0, signal: null, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; signal?: string; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === 'number' ? err.code : null,
      signal: err.signal ?? null,
      out: `${err.stdout}${err.stderr}`,
    };
  }
}
