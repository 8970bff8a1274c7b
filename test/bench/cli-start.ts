/**
 * Start-up of the built `ariadne` command (bin/ariadne.js → out/main/cli.js, as the README runs it), N runs
 * each of:
 *   - `--help`: the command line alone;
 *   - `status` on an existing library (one document, built-in engine): open the library, read it, close;
 *   - `serve` until ready: from spawn to the printed URL (then stopped).
 * Prints median and p90 wall milliseconds, with the load average before and after: on a shared machine the
 * figures include the other processes' load, so they are only comparable at the same load. On Linux it also
 * prints the median CPU time of the process (user + system, all its threads), which load changes far less:
 * from /usr/bin/time for the commands that exit, from /proc/<pid>/stat at the moment `serve` is ready.
 *   npm run build && npx tsx test/bench/cli-start.ts [--runs 7]
 * Target (idle machine): status and serve ready in ≤ 1.5 s.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const opt = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : def;
};
const RUNS = Number(opt('runs', '7'));
const BIN = path.resolve('bin/ariadne.js');
if (!fs.existsSync('out/main/cli.js')) throw new Error('Build first: npm run build');

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const TIME = '/usr/bin/time';
const canTime = fs.existsSync(TIME);
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds a live process has used so far (user + system), from /proc; null elsewhere. */
function cpuOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

interface Run {
  wallMs: number;
  cpuMs: number | null;
}

/** Wall and CPU from spawn until the child exits (or until `ready` sees its output, then it is stopped). */
function timeRun(args: string[], ready?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // Exiting commands run under /usr/bin/time, whose last stderr line is "<user s> <system s>".
    const timed = !ready && canTime;
    const child = timed
      ? spawn(TIME, ['-f', '%U %S', process.execPath, BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let readyAt: Run | null = null;
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready && readyAt === null && ready.test(out)) {
        readyAt = { wallMs: performance.now() - t0, cpuMs: cpuOf(child.pid!) };
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => ((err += d.toString()), onData(d)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (ready) return readyAt === null ? reject(new Error(`never ready:\n${out}`)) : resolve(readyAt);
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`));
      const wallMs = performance.now() - t0;
      const m = timed ? /([\d.]+) ([\d.]+)\s*$/.exec(err) : null;
      resolve({ wallMs, cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : null });
    });
  });
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

// A library with one document, made once with the built-in engine (its figures are start-up, not reading).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-start-bench-'));
const note = path.join(dataDir, '..', `start-bench-${process.pid}.txt`);
fs.writeFileSync(
  note,
  'Metformin activates AMPK in hepatocytes.\n\nAMPK inhibits mTOR signalling, which slows cell growth.\n',
);
execFileSync(process.execPath, [BIN, '--data', dataDir, '--llm', 'builtin', 'ingest', note], {
  stdio: 'ignore',
});
fs.rmSync(note);

const cases: { name: string; args: string[]; ready?: RegExp }[] = [
  { name: '--help', args: ['--help'] },
  { name: 'status', args: ['--data', dataDir, '--llm', 'builtin', 'status'] },
  {
    name: 'serve → ready',
    args: ['--data', dataDir, '--llm', 'builtin', 'serve'],
    ready: /http:\/\/127\.0\.0\.1:\d+\/\?token=/,
  },
];

console.log(`ariadne start-up, ${RUNS} runs each, ${os.availableParallelism()} cores`);
console.log(`  load average before: ${load()}`);
for (const c of cases) {
  await timeRun(c.args, c.ready); // warm the file cache, as a user's second start would be
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timeRun(c.args, c.ready));
  const wall = runs.map((r) => r.wallMs);
  const cpu = runs.map((r) => r.cpuMs).filter((x): x is number => x !== null);
  console.log(
    `  ${c.name.padEnd(14)} wall median ${pct(wall, 50).toFixed(0).padStart(5)} ms   p90 ${pct(wall, 90).toFixed(0).padStart(5)} ms` +
      (cpu.length ? `   CPU median ${pct(cpu, 50).toFixed(0).padStart(5)} ms` : ''),
  );
}
console.log(`  load average after:  ${load()}`);
fs.rmSync(dataDir, { recursive: true, force: true });
