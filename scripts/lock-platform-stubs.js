#!/usr/bin/env node
// npm leaves optional platform packages that the registry does not serve (e.g. @lancedb/lancedb-darwin-arm64
// for 0.37.1) out of package-lock.json, and `npm ci` then refuses the lock. Run this after `npm install`
// changes the lock: it records each missing optional platform package with its os/cpu, so npm ci skips it
// on other platforms exactly as it would have.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const platformOf = (name) => {
  const m = name.match(/-(darwin|linux|win32)-(x64|arm64)(?:-(gnu|musl|msvc))?$/);
  if (!m) return null;
  const entry = { os: [m[1]], cpu: [m[2]] };
  if (m[3] === 'gnu') entry.libc = ['glibc'];
  if (m[3] === 'musl') entry.libc = ['musl'];
  return entry;
};
let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const depKey = `${key ? key + '/' : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[depKey] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[hoisted] = { version: range, optional: true, ...platform };
    added++;
  }
}
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`recorded ${added} optional platform package(s) missing from the lock`);
