#!/usr/bin/env node
// `npm run screenshots`: refreshes the README's images from the end-to-end screen test, which drives the
// built `ariadne serve` in Debian Chromium on a library of generated papers (the Ollama simulator answers).
// The light graph is docs/screenshot.png, the dark graph search docs/screenshot-dark.png.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(['node_modules/electron-vite/bin/electron-vite.js', 'build']);
run(['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', 'test/e2e/ui-screens.test.ts']);

const shots = path.join(root, 'test-results/screens');
for (const [from, to] of [
  ['graph-light.png', 'docs/screenshot.png'],
  ['graph-search-dark.png', 'docs/screenshot-dark.png'],
]) {
  fs.copyFileSync(path.join(shots, from), path.join(root, to));
  console.log(`${to} ← test-results/screens/${from}`);
}
