#!/usr/bin/env node
// `npm start`: the desktop window where the Electron binary is installed; otherwise one line saying why,
// then the very same UI served headless on 127.0.0.1 (the printed URL opens it in any browser).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const built = [
  'out/main/electron-main.js',
  'out/main/cli.js',
  'out/renderer/index.html',
  'out/preload/preload.cjs',
].every((f) => fs.existsSync(path.join(root, f)));
if (!built) {
  console.log('Building Ariadne (first start)…');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function electronBinary() {
  try {
    const bin = require('electron'); // a path string, or a throw when the binary was never downloaded
    return typeof bin === 'string' && fs.existsSync(bin)
      ? { bin }
      : { why: `the Electron binary is missing at ${bin}` };
  } catch {
    return { why: 'the Electron binary is not installed (it could not be downloaded)' };
  }
}

const args = process.argv.slice(2);
const { bin, why } = electronBinary();
const forceHeadless = process.env.ARIADNE_HEADLESS === '1';
if (bin && !forceHeadless) {
  const child = spawn(bin, [root, ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    `Ariadne: ${forceHeadless ? 'ARIADNE_HEADLESS=1 is set' : why}; starting the headless UI instead.`,
  );
  const child = spawn(process.execPath, [path.join(root, 'bin/ariadne.js'), ...args, 'serve'], {
    stdio: 'inherit',
  });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}
