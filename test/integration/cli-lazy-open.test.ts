import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/serve-process';

const built = fs.existsSync('out/main/cli.js');
const ariadne = (args: string[]) =>
  execFileSync(process.execPath, ['bin/ariadne.js', ...args], { encoding: 'utf8' });

/**
 * The built CLI opens a library's vector index on first use, not when the library opens: `status` never
 * opens it, `serve` opens it in the background once the URL is printed. What must not change: a command or
 * a request that needs the index right after start still gets it.
 */
describe.skipIf(!built)('the vector index opens on first use (built)', () => {
  let dataDir: string;
  beforeAll(() => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-lazy-src-'));
    const note = path.join(src, 'note.txt');
    fs.writeFileSync(
      note,
      'Metformin activates AMPK in hepatocytes.\n\nThe mice received metformin by oral gavage every day.\n',
    );
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-lazy-'));
    ariadne(['--data', dataDir, '--llm', 'builtin', 'ingest', note]);
  });

  it('status lists the document; a search started right after finds the passage through the index', () => {
    expect(ariadne(['--data', dataDir, 'status'])).toMatch(/^done\s+note\.txt: 1\/1 chunks/m);
    // "gavage" names no entity: the passage comes from the chunks' full-text index.
    const out = ariadne(['--data', dataDir, 'search', 'gavage']);
    expect(out).toMatch(/^no entity 'gavage'; 1 passage contains it/i);
    expect(out).toContain('oral gavage');
  });

  it('serve answers a search sent as soon as the URL is printed', async () => {
    const srv = await startServe({ dataDir });
    try {
      const res = await fetch(`${srv.origin}/graph-search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${srv.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ term: 'gavage' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        ok: boolean;
        data: { match: string; passages: { quote: string }[] };
      };
      expect(body.data.match).toBe('passages');
      expect(body.data.passages.map((p) => p.quote)).toEqual([expect.stringContaining('oral gavage')]);
    } finally {
      await srv.stop();
    }
  });
});
