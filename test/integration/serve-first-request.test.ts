import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServe } from '../helpers/serve-process';

const built = fs.existsSync('out/main/cli.js');

// `ariadne serve` is ready before the library's vector index opens (it opens in the background once the
// URL is printed); a request that needs the index the moment the server is up must still be answered.
describe.skipIf(!built)('serve answers its first request, which needs the vector index (built)', () => {
  it('a search sent as soon as the URL is printed finds the passage through the full-text index', async () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-first-src-'));
    const note = path.join(src, 'note.txt');
    fs.writeFileSync(
      note,
      'Metformin activates AMPK in hepatocytes.\n\nThe mice received metformin by oral gavage every day.\n',
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-first-'));
    execFileSync(
      process.execPath,
      ['bin/ariadne.js', '--data', dataDir, '--llm', 'builtin', 'ingest', note],
      {
        stdio: 'ignore',
      },
    );

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
