import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface CommandRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
  /** The process's peak resident set (VmHWM), in MB: workers and native threads included. */
  peakRssMb: number;
  stdout: string;
  stderr: string;
}

const CLI = path.resolve(import.meta.dirname, '../../bin/ariadne.js');

/** VmHWM of a live process, in MB (Linux), or 0 once it is gone. */
function peakOf(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs the built CLI (`node bin/ariadne.js …`) and follows its peak RSS every 20 ms until it exits. The
 * kernel's high-water mark only grows, so the last reading before the exit is the peak (within the last
 * 20 ms). `limitSeconds` kills a run that takes longer.
 */
export function runCli(args: string[], limitSeconds = 600): Promise<CommandRun> {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../out/main/cli.js')))
    throw new Error('run `npm run build` first: the bench measures the built CLI');
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let peak = 0;
  const pid = child.pid ?? 0;
  const poll = setInterval(() => (peak = Math.max(peak, peakOf(pid))), 20);
  const limit = setTimeout(() => child.kill('SIGKILL'), limitSeconds * 1000);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(limit);
      resolve({
        code,
        signal,
        seconds: (performance.now() - started) / 1000,
        peakRssMb: Math.round(peak),
        stdout,
        stderr,
      });
    });
  });
}
