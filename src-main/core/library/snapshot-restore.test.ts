import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPendingRestore, chooseRestore, lastRestore, pendingRestore } from './snapshots';

describe('a restore chosen for the next start', () => {
  const library = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-restore-unit-'));
  const snapshot = (dir: string, id: string, documents: number) => {
    const at = path.join(dir, 'snapshots', id);
    fs.mkdirSync(at, { recursive: true });
    fs.writeFileSync(path.join(at, 'settings.json'), JSON.stringify({ version: 1, snapshot: id }));
    const info = {
      id,
      createdAt: '2026-01-02T03:04:05.000Z',
      reason: 'import',
      documents,
      generation: 1,
      bytes: 1,
    };
    fs.writeFileSync(path.join(at, 'snapshot.json'), JSON.stringify(info));
  };

  it('is done before the library opens, and recorded for Settings to report', () => {
    const dir = library();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, now: true }));
    snapshot(dir, 's1', 3);
    expect(() => chooseRestore(dir, 'nope')).toThrow(/No snapshot nope/);
    chooseRestore(dir, 's1');
    expect(pendingRestore(dir)).toBe('s1');
    expect(applyPendingRestore(dir)?.snapshot.id).toBe('s1');
    expect(pendingRestore(dir)).toBeNull();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toEqual({
      version: 1,
      snapshot: 's1',
    });
    const last = lastRestore(dir);
    expect(last).toMatchObject({ id: 's1', documents: 3, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(fs.existsSync(path.join(dir, last!.setAside, 'settings.json'))).toBe(true);
  });

  // A chosen snapshot deleted by hand since must not keep every start from opening the library.
  it('is dropped when its snapshot is gone', () => {
    const dir = library();
    snapshot(dir, 's1', 1);
    chooseRestore(dir, 's1');
    fs.rmSync(path.join(dir, 'snapshots', 's1'), { recursive: true });
    expect(applyPendingRestore(dir)).toBeNull();
    expect(pendingRestore(dir)).toBeNull();
    expect(lastRestore(dir)).toBeNull();
  });
});
