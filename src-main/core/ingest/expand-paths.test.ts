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
});
