import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandPaths } from './expand-paths';

describe('expandPaths', () => {
  // Regression: a link back to an ancestor was walked for ever (memory grew until the process died).
  it('imports each real file once from a folder with symlink loops', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-loops-'));
    fs.mkdirSync(path.join(root, 'a/b'), { recursive: true });
    fs.writeFileSync(path.join(root, 'a/one.md'), '# One');
    fs.writeFileSync(path.join(root, 'a/b/two.txt'), 'Two');
    fs.symlinkSync(root, path.join(root, 'a/b/up')); // loop to the top
    fs.symlinkSync(path.join(root, 'a'), path.join(root, 'a/b/again')); // loop to a parent
    fs.symlinkSync(path.join(root, 'a/one.md'), path.join(root, 'a/same.md')); // a second name
    fs.symlinkSync(path.join(root, 'a/missing.md'), path.join(root, 'a/broken.md'));
    fs.symlinkSync('self', path.join(root, 'a/self')); // a link to itself
    execFileSync('mkfifo', [path.join(root, 'a/fifo.txt')]);

    const { items, rejected } = await expandPaths([root, path.join(root, 'a')]);
    const names = items.map((i) => i.fileName).sort();
    expect(names).toEqual(['one.md', 'two.txt']);
    expect(new TextDecoder().decode(await items.find((i) => i.fileName === 'one.md')!.read())).toBe('# One');
    expect(rejected.map((r) => r.fileName).sort()).toEqual(['broken.md', 'self']);
  });

  // Regression: a link in a dropped folder to /proc/self/environ imported the process's environment.
  it('refuses links that lead out of a dropped folder, and kernel files however they are named', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-links-'));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'API_KEY=do-not-import');
    fs.mkdirSync(path.join(root, 'notes'));
    fs.writeFileSync(path.join(root, 'notes/kept.md'), '# Kept');
    fs.symlinkSync('/proc/self/environ', path.join(root, 'env.txt'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret.txt'));
    fs.symlinkSync(outside, path.join(root, 'elsewhere'));
    fs.symlinkSync(path.join(root, 'notes/kept.md'), path.join(root, 'inside.md')); // stays inside: fine

    const { items, rejected } = await expandPaths([root]);
    // The link inside the folder comes first in name order and stands for the file it names.
    expect(items.map((i) => i.fileName).sort()).toEqual(['inside.md']);
    expect(rejected.map((r) => `${r.fileName}: ${r.reason}`).sort()).toEqual([
      'elsewhere: a link that leads out of the folder: not imported',
      'env.txt: a link that leads out of the folder: not imported',
      'secret.txt: a link that leads out of the folder: not imported',
    ]);
    // Named on its own, a link is the user's choice; a kernel file never is a document.
    const named = await expandPaths([path.join(root, 'secret.txt'), path.join(root, 'env.txt')]);
    expect(named.items.map((i) => i.fileName)).toEqual(['secret.txt']);
    expect(named.rejected).toEqual([{ fileName: 'env.txt', reason: 'a system file, not a document' }]);
  });
});
