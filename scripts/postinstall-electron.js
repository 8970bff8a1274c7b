#!/usr/bin/env node
// Electron's own install script fails the whole `npm install` when its binary cannot be downloaded, so it
// is denied in package.json "allowScripts" and tried here instead, where a failure is only a note: the
// app then runs headless in the browser (`npm start` says so).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || process.env.CI) process.exit(0);

const require = createRequire(import.meta.url);
let installer;
try {
  installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
} catch {
  process.exit(0); // electron not installed (production install): nothing to do
}
const child = spawn(process.execPath, [installer], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => (stderr += d));
const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  if (code === 0) return;
  // Only the cause (e.g. "getaddrinfo ENOTFOUND github.com"): Electron's own advice to delete
  // node_modules/electron and reinstall does not help where the download cannot succeed.
  const why = signal
    ? 'timed out'
    : (stderr
        .trim()
        .split('\n')
        .map((l) => l.trim())
        .find((l) => /error/i.test(l) && !/try installing again|delete node_modules/i.test(l)) ??
      `exit ${code}`);
  console.log(
    `ariadne: the Electron binary could not be downloaded (${why.slice(0, 160)}). npm start will serve the ` +
      'same UI in your browser instead; to get the desktop window later, run `node node_modules/electron/install.js` where github.com is reachable.',
  );
});
