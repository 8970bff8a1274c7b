import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startServe } from '../helpers/serve-process';

const run = promisify(execFile);
const built = fs.existsSync('out/main/cli.js');

async function ariadne(args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const r = await run(process.execPath, ['bin/ariadne.js', ...args], { encoding: 'utf8', timeout: 60_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof x.code === 'number' ? x.code : -1, out: x.stdout ?? '', err: x.stderr ?? '' };
  }
}

// Regression: with `ariadne serve` (or a long `ingest`) holding the library, `status`, `search` and `ask`
// failed with "library in use"; and `status` itself took the lock, so a concurrent `ask` failed.
describe.skipIf(!built)('read-only commands while another process holds the library (built)', () => {
  it('status, search, ask, entities and export go through the holding process', async () => {
    const srv = await startServe();
    try {
      const note = path.join(srv.dataDir, 'note.md');
      fs.writeFileSync(note, '# Fasting\n\nAMPK activates PGC-1alpha in skeletal muscle during fasting.\n');
      const res = await fetch(`${srv.origin}/api/library:import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${srv.token}` },
        body: JSON.stringify({ paths: [note] }),
      });
      expect(res.status).toBe(200);
      const data = ['--data', srv.dataDir];
      await expect
        .poll(
          async () =>
            JSON.parse((await ariadne([...data, 'status', '--json'])).out || '{}').documents?.[0]?.status,
          {
            timeout: 60_000,
            interval: 1000,
          },
        )
        .toBe('done');
      const [status, ask, search] = await Promise.all([
        ariadne([...data, 'status']),
        ariadne([...data, '--llm', 'builtin', 'ask', 'What does AMPK activate?']),
        ariadne([...data, 'search', 'AMPK']),
      ]);
      expect(status.code, status.err).toBe(0);
      expect(status.out).toMatch(/done\s+note\.md/);
      expect(ask.code, ask.err).toBe(0);
      expect(ask.out).toMatch(/mode: /);
      expect(search.err).not.toMatch(/in use/);
      // Regression: entities and export failed "in use" next to a running serve.
      const out = path.join(srv.dataDir, 'nodes.csv');
      const [entities, exported] = await Promise.all([
        ariadne([...data, 'entities', '--json']),
        ariadne([...data, 'export', 'graph', '--format', 'csv-nodes', '--out', out]),
      ]);
      expect(entities.code, entities.err).toBe(0);
      expect(
        (JSON.parse(entities.out) as { entities: { name: string }[] }).entities.map((e) => e.name),
      ).toContain('AMPK');
      expect(exported.code, exported.err).toBe(0);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/AMPK/);
      expect(srv.child.exitCode).toBeNull();
    } finally {
      await srv.stop();
    }
    // The endpoint record goes with the server.
    expect(fs.existsSync(path.join(srv.dataDir, 'endpoint.json'))).toBe(false);
  });
});
