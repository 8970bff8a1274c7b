import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntityListItem } from '../../src-main/contract/graph';

// Runs the BUILT command (npm test builds first), as a user would.
const built = fs.existsSync('out/main/cli.js');

describe.skipIf(!built)('ariadne entities (built)', () => {
  it('lists entities with type, aliases, documents and mention counts, filtered by type, search and document', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-entities-'));
    const data = path.join(dir, 'lib');
    const note = path.join(dir, 'note.txt');
    fs.writeFileSync(
      note,
      'Heparin-induced thrombocytopenia in trauma patients.\n\n' +
        'Low molecular weight heparin (LMWH) prevents deep venous thrombosis (DVT) after trauma. ' +
        'Heparin causes thrombocytopenia and bleeding in some patients.\n',
    );
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['bin/ariadne.js', '--data', data, '--llm', 'builtin', ...args], {
        encoding: 'utf8',
        timeout: 120_000,
      });
    run('ingest', note, '--json');
    const all = JSON.parse(run('entities', '--json')) as { entities: EntityListItem[]; total: number };
    const byName = new Map(all.entities.map((e) => [e.name.toLowerCase(), e]));
    expect(byName.get('heparin')?.type).toBe('compound/drug');
    expect(byName.get('thrombocytopenia')?.type).toBe('disease');
    const dvt = byName.get('deep venous thrombosis');
    expect(dvt?.aliases).toContain('DVT');
    expect(dvt?.documents).toHaveLength(1);
    expect(dvt?.mentionCount).toBeGreaterThan(0);
    expect(all.total).toBe(all.entities.length);

    const diseases = JSON.parse(run('entities', '--type', 'disease', '--json')) as {
      entities: EntityListItem[];
    };
    expect(diseases.entities.length).toBeGreaterThan(0);
    expect(diseases.entities.every((e) => e.type === 'disease')).toBe(true);
    const search = JSON.parse(run('entities', '--search', 'dvt', '--json')) as { entities: EntityListItem[] };
    expect(search.entities.map((e) => e.name)).toEqual(['deep venous thrombosis']);
    const docId = dvt!.documents[0]!.id;
    expect(JSON.parse(run('entities', '--doc', docId, '--json')).total).toBe(all.total);
    expect(JSON.parse(run('entities', '--doc', 'no-such-document', '--json')).total).toBe(0);

    const text = run('entities', '--search', 'heparin');
    expect(text).toMatch(/heparin \(compound\/drug\) — \d+ mention/i);

    // `ariadne entities | head` with the reader gone before the first line: exit 0, no stack trace.
    const child = spawn(
      process.execPath,
      ['bin/ariadne.js', '--data', data, '--llm', 'builtin', 'entities'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  }, 240_000);
});
