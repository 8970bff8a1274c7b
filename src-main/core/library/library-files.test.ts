import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from './lock';
import { openOriginals } from './originals';
import { openSettings } from './settings';
import { openReferences } from './references';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-lib-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('library lock', () => {
  it('refuses a second holder in the same process and releases on demand', () => {
    const d = tmp();
    const lock = acquireLock(d);
    expect(() => acquireLock(d)).toThrow(expect.objectContaining({ code: 'library_locked' }));
    lock.release();
    lock.release();
    acquireLock(d).release();
    expect(fs.existsSync(path.join(d, 'library.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process and reports a live owner', () => {
    const d = tmp();
    fs.writeFileSync(path.join(d, 'library.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const lock = acquireLock(d);
    lock.release();
    // This process's parent is a live Node process: an owner that could be Ariadne.
    fs.writeFileSync(path.join(d, 'library.lock'), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireLock(d)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  // Regression: a lock naming a live process that is not its owner (pid 1, a reused pid) locked the
  // library for good.
  it.skipIf(process.platform !== 'linux')(
    'takes over a lock naming a live process that is not its owner',
    () => {
      const d = tmp();
      const sleeper = spawn('sleep', ['30']);
      try {
        fs.writeFileSync(path.join(d, 'library.lock'), JSON.stringify({ pid: sleeper.pid }));
        acquireLock(d).release();
        // A Node process, but started at another time than the lock recorded: its pid was reused.
        fs.writeFileSync(path.join(d, 'library.lock'), JSON.stringify({ pid: process.ppid, start: '1' }));
        acquireLock(d).release();
        fs.writeFileSync(path.join(d, 'library.lock'), JSON.stringify({ pid: 1 }));
        acquireLock(d).release();
      } finally {
        sleeper.kill();
      }
    },
  );
});

describe('settings', () => {
  it('starts with defaults, merges updates and persists atomically', async () => {
    const d = tmp();
    const s = openSettings(d);
    expect(s.get()).toEqual({ version: 1, embedding: null });
    await Promise.all([s.update({ embedding: { model: 'm', dimension: 3 } }), s.update({ theme: 'dark' })]);
    expect(openSettings(d).get()).toEqual({
      version: 1,
      embedding: { model: 'm', dimension: 3 },
      theme: 'dark',
    });
    expect(fs.readdirSync(d)).toEqual(['settings.json']);
  });

  // Regression: a hand-broken settings.json (or references.json) made every command fail, doctor included.
  it('keeps a corrupt settings file aside and opens with defaults', () => {
    const d = tmp();
    fs.writeFileSync(path.join(d, 'settings.json'), '{oops');
    fs.writeFileSync(path.join(d, 'references.json'), '[[');
    expect(openSettings(d).get()).toEqual({ version: 1, embedding: null });
    expect(openReferences(d).get('a'.repeat(64))).toBeUndefined();
    const names = fs.readdirSync(d).sort();
    expect(names.filter((n) => n.startsWith('settings.json.unreadable-'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('references.json.unreadable-'))).toHaveLength(1);
    expect(
      fs.readFileSync(
        path.join(
          d,
          names.find((n) => n.startsWith('settings.json.'))!,
        ),
        'utf8',
      ),
    ).toBe('{oops');
  });
});

describe('originals', () => {
  it('stores bytes under their sha256 and rejects bad ids', async () => {
    const o = openOriginals(path.join(tmp(), 'originals'));
    const id = await o.put(new Uint8Array([1, 2, 3]));
    expect(id).toBe('039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
    expect(o.has(id)).toBe(true);
    expect(fs.readFileSync(o.path(id))).toEqual(Buffer.from([1, 2, 3]));
    expect(() => o.path('../etc/passwd')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await o.remove(id);
    expect(o.has(id)).toBe(false);
  });
});
