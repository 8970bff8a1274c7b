import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** The files under `dir` whose bytes hold `secret` (a password that must be kept nowhere): none, we hope. */
export function filesHolding(dir: string, secret: string): string[] {
  const needle = Buffer.from(secret);
  return filesUnder(dir).filter((f) => fs.readFileSync(f).includes(needle));
}
