import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.resolve('test/integration/helpers/atomic-write-child.ts');

// Regression: after ENOSPC the partial temp file stayed in originals/, so the disk stayed full. A
// file-size limit (`ulimit -f`, EFBIG) makes the write fail the same way without filling a disk.
describe('an atomic write that runs out of space', () => {
  it('removes its temp file and fails with disk_full', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-full-'));
    const r = spawnSync(
      'bash',
      ['-c', `ulimit -f 1024 && "${process.execPath}" --import tsx "${CHILD}" "${dir}"`],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout.trim(), r.stderr).toBe('disk_full');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
