import { describe, expect, it } from 'vitest';
import { noJournal, openCallJournal } from './call-journal';
import { createEmbedCache } from './embed-cache';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const vec = (t: string) => [t.length, t.charCodeAt(0)];

describe('createEmbedCache', () => {
  it('sends each distinct text once: repeats in a call, across calls, and while in flight', async () => {
    const cache = createEmbedCache('m', noJournal);
    const sent: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = async (texts: string[]) => {
      sent.push(texts);
      await gate;
      return texts.map(vec);
    };
    const a = cache.embed(['x', 'yy', 'x'], send);
    const b = cache.embed(['yy', 'zzz'], send);
    release();
    expect(await a).toEqual([vec('x'), vec('yy'), vec('x')]);
    expect(await b).toEqual([vec('yy'), vec('zzz')]);
    expect(await cache.embed(['zzz', 'x'], send)).toEqual([vec('zzz'), vec('x')]);
    expect(sent).toEqual([['x', 'yy'], ['zzz']]);
  });

  it('reloads what an earlier run received from the call journal', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-embed-')), 'j.ndjson');
    const first = openCallJournal(file);
    await createEmbedCache('m', first).embed(['alpha', 'beta'], async (t) => t.map(vec));
    first.close();
    const sent: string[][] = [];
    const again = createEmbedCache('m', openCallJournal(file));
    expect(await again.embed(['beta', 'gamma'], async (t) => (sent.push(t), t.map(vec)))).toEqual([
      vec('beta'),
      vec('gamma'),
    ]);
    expect(sent).toEqual([['gamma']]);
    // Another model's cache does not answer from these vectors.
    const other: string[][] = [];
    await createEmbedCache('n', openCallJournal(file)).embed(
      ['beta'],
      async (t) => (other.push(t), t.map(vec)),
    );
    expect(other).toEqual([['beta']]);
  });

  it('lets a failed request be asked again', async () => {
    const cache = createEmbedCache('m', noJournal);
    await expect(cache.embed(['x'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.embed(['x'], async (t) => t.map(vec))).toEqual([vec('x')]);
  });
});
