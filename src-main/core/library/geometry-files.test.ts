import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openGeometryFiles } from './geometry-files';

const ID = 'a'.repeat(64);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-geometry-'));
  dirs.push(d);
  return path.join(d, 'geometry');
}

describe('geometry files', () => {
  it("writes, overwrites, reads back and removes a document's line geometry", async () => {
    const dir = tempDir();
    const files = openGeometryFiles(dir);
    expect(await files.read(ID)).toBeNull();
    await files.write(ID, { lines: [0, 5, 0, 72, 97, 700, 10] });
    const g = { lines: [0, 6, 1, 72, 102, 690, 10], runs: [0, 3, 72, 90, 3, 6, 91, 102] };
    await files.write(ID, g);
    expect(await files.read(ID)).toEqual(g);
    // Only the file itself: the atomic write leaves no temp file behind.
    expect(fs.readdirSync(dir)).toEqual([`${ID}.json`]);
    await files.remove(ID);
    expect(fs.existsSync(path.join(dir, `${ID}.json`))).toBe(false);
    await files.remove(ID);
  });

  it('treats a damaged or foreign file as no geometry, and refuses ids that are not content ids', async () => {
    const dir = tempDir();
    const files = openGeometryFiles(dir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${ID}.json`), '{"v":1,"lines":[1,2,3]');
    expect(await files.read(ID)).toBeNull();
    fs.writeFileSync(path.join(dir, `${ID}.json`), '{"v":1,"lines":[1,2,3]}');
    expect(await files.read(ID)).toBeNull();
    fs.writeFileSync(path.join(dir, `${ID}.json`), '{"v":1,"lines":[0,5,0,72,97,700,10],"runs":[0,5]}');
    expect(await files.read(ID)).toBeNull();
    expect(await files.read('../settings')).toBeNull();
    await expect(files.write('../settings', { lines: [] })).rejects.toThrow(/Not a document id/);
  });
});
