import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Contradiction } from '../../src-main/contract/contradictions';

// Runs the BUILT command (npm test builds first), as a user would.
const built = fs.existsSync('out/main/cli.js');

describe.skipIf(!built)('ariadne contradictions (built)', () => {
  it('prints both sides of a disagreement with their quotes, narrows to an entity, and refuses an unknown one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-contra-'));
    const data = path.join(dir, 'lib');
    const args = (...a: string[]) => ['bin/ariadne.js', '--data', data, '--llm', 'builtin', ...a];
    const run = (...a: string[]) =>
      execFileSync(process.execPath, args(...a), { encoding: 'utf8', timeout: 120_000 });

    // An empty library: told to ingest first, exit 2.
    const empty = spawnSync(process.execPath, args('contradictions'), { encoding: 'utf8', timeout: 120_000 });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/ingest/i);

    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    run(
      'ingest',
      '--json',
      write(
        'a.txt',
        'Rapamycin and mTOR in ageing\n\nIn liver extracts, rapamycin decreased mTOR signalling within an hour. Metformin increased lactate release.\n',
      ),
      write(
        'b.txt',
        'A paradoxical response\n\nIn cultured neurons, rapamycin increased mTOR signalling after long exposure. Metformin increased lactate release.\n',
      ),
    );

    const text = run('contradictions');
    expect(text).toMatch(/^1\. rapamycin → mTOR \(opposite effects, 2 documents\)/im);
    expect(text).toContain('"In cultured neurons, rapamycin increased mTOR signalling after long exposure."');
    expect(text).toContain('"In liver extracts, rapamycin decreased mTOR signalling within an hour."');
    expect(text).not.toMatch(/metformin →/i);

    const json = JSON.parse(run('contradictions', '--entity', 'mTOR', '--json')) as {
      contradictions: Contradiction[];
    };
    expect(json.contradictions.length).toBeGreaterThan(0);
    for (const c of json.contradictions) expect([c.source.name, c.target.name]).toContain('mTOR');
    expect(JSON.parse(run('contradictions', '--entity', 'lactate', '--json')).contradictions).toEqual([]);

    const unknown = spawnSync(process.execPath, args('contradictions', '--entity', 'no such thing'), {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('No entity named "no such thing"');
    const badLimit = spawnSync(process.execPath, args('contradictions', '--limit', '0'), {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(badLimit.status).not.toBe(0);
    expect(badLimit.stderr).toContain('--limit must be 1–1000');
  }, 300_000);
});
