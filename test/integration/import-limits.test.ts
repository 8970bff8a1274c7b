import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, fixtureFiles, openCore, tempDir } from './ingest/harness';

/**
 * Files over the parser's limits are refused before they are read or copied into the library (a 300 MB
 * text took 1.4 GB of memory to be refused, a 600 MB PDF aborted the batch with "Cannot create a string
 * longer than 0x1fffffe8 characters", and refused files stayed in originals/); deleting a document
 * deletes its stored original.
 */
describe('import limits and originals', () => {
  let core: Core;
  let dir: string;
  beforeAll(async () => {
    core = await openCore(tempDir(), createBuiltinProvider());
    dir = tempDir('ariadne-big-files-');
  });
  afterAll(async () => {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const originals = () =>
    fs
      .readdirSync(path.join(core.stores.dataDir, 'originals'), { recursive: true })
      .filter((f) => String(f).length === 67);

  it('refuses a 300 MB text and a 600 MB PDF unread, and keeps nothing of them', async () => {
    // Sparse files: no disk used, but reading them would take their whole size in memory.
    const txt = path.join(dir, 'huge.txt');
    const pdf = path.join(dir, 'huge.pdf');
    fs.writeFileSync(txt, 'Metformin activates AMPK. ');
    fs.truncateSync(txt, 300 * 1024 * 1024);
    fs.writeFileSync(pdf, '%PDF-1.4\n');
    fs.truncateSync(pdf, 600 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    const res = await core.handlers['library:import']({ paths: [txt, pdf] }, ctx());
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
    expect(res.added).toEqual([]);
    expect(res.rejected).toEqual([
      { fileName: 'huge.txt', reason: expect.stringMatching(/^text file too large \(300 MB > 16 MB\)/) },
      { fileName: 'huge.pdf', reason: 'file too large (600 MB > 200 MB)' },
    ]);
    expect(originals()).toEqual([]);
    const estimate = await core.handlers['library:estimate']({ paths: [pdf], probe: false }, ctx());
    expect(estimate.documents).toBe(1);
  });

  it('deletes the stored original with its document, and keeps it when the document is read again', async () => {
    const f = await fixtureFiles();
    const { added } = await core.handlers['library:import']({ paths: [f.txt, f.md] }, ctx());
    await core.ingest.waitFor(added.map((a) => a.id));
    expect(originals()).toHaveLength(2);
    const [a, b] = added.map((x) => x.id);
    await core.handlers['library:reingest']({ documentId: b! }, ctx());
    await core.ingest.waitFor([b!]);
    expect(core.stores.originals.has(b!)).toBe(true);
    await core.handlers['library:delete']({ documentId: a! }, ctx());
    expect(core.stores.originals.has(a!)).toBe(false);
    expect(originals()).toHaveLength(1);
  });
});
