import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServeProcess {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built `ariadne serve` as a user would (bin/ariadne.js), on a fresh library folder, and waits
 * for the printed URL. Extra args go before `serve` (global options) unless given in `serveArgs`.
 */
export async function startServe(
  opts: { globalArgs?: string[]; serveArgs?: string[]; env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<ServeProcess> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-serve-'));
  const args = [
    'bin/ariadne.js',
    '--data',
    dataDir,
    ...(opts.globalArgs ?? ['--llm', 'builtin']),
    'serve',
    ...(opts.serveArgs ?? []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`ariadne serve printed no URL within 90 s:\n${out}`)),
      // About 3 s idle; several times that on a loaded 2-core machine (the CLI loads the whole core).
      90_000,
    );
    const check = () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`ariadne serve exited with ${code}:\n${out}`)));
  });
  const u = new URL(url);
  return {
    url,
    origin: u.origin,
    token: u.searchParams.get('token')!,
    dataDir,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
