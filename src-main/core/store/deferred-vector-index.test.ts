import { describe, expect, it } from 'vitest';
import { deferVectorIndex } from './deferred-vector-index';
import { openMemoryVectorIndex } from './memory-vectors/vector-index';
import type { EmbeddingInfo, VectorIndex } from './vector-index';

const EMBEDDING: EmbeddingInfo = { model: 'm', dimension: 2 };

/** A real in-memory index behind an opener that counts its calls and can be held or made to fail. */
function opener(opts: { failFirst?: boolean } = {}) {
  let opens = 0;
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  let closedInner = false;
  const state = {
    get opens() {
      return opens;
    },
    get innerClosed() {
      return closedInner;
    },
    /** The next open waits until `release()`. */
    hold() {
      held = new Promise((r) => (release = r));
      return () => release();
    },
    async open(): Promise<VectorIndex> {
      opens++;
      await held;
      if (opts.failFirst && opens === 1) throw new Error('disk busy');
      const inner = openMemoryVectorIndex();
      await inner.setEmbedding(EMBEDDING);
      const close = inner.close.bind(inner);
      inner.close = async () => {
        closedInner = true;
        await close();
      };
      return inner;
    },
  };
  return state;
}

describe('deferVectorIndex', () => {
  it('opens nothing until a method reads or writes vectors, and answers embedding() from the record', async () => {
    const o = opener();
    const v = deferVectorIndex(
      () => o.open(),
      () => EMBEDDING,
    );
    expect(v.embedding()).toEqual(EMBEDDING);
    await v.flush();
    expect(o.opens).toBe(0);
    expect(v.opening).toBe(false);
    await v.upsert('chunks', [{ id: 'c1', docId: 'd1', text: 'metformin', vector: [1, 0] }]);
    expect(o.opens).toBe(1);
    expect(await v.listIds('chunks')).toEqual(['c1']);
    expect(await v.count('chunks')).toBe(1);
    expect(o.opens).toBe(1);
  });

  it('calls made while the open runs wait for it and run once it is done, in call order', async () => {
    const o = opener();
    const release = o.hold();
    const v = deferVectorIndex(
      () => o.open(),
      () => EMBEDDING,
    );
    const write = v.upsert('chunks', [{ id: 'c1', docId: 'd1', text: 'a', vector: [1, 0] }]);
    const read = v.listIds('chunks');
    const ready = v.ready();
    expect(v.opening).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(o.opens).toBe(1);
    release();
    await Promise.all([write, ready]);
    expect(await read).toEqual(['c1']);
    expect(o.opens).toBe(1);
  });

  it('tries a failed open again on the next call', async () => {
    const o = opener({ failFirst: true });
    const v = deferVectorIndex(
      () => o.open(),
      () => EMBEDDING,
    );
    await expect(v.count('chunks')).rejects.toThrow('disk busy');
    expect(await v.count('chunks')).toBe(0);
    expect(o.opens).toBe(2);
  });

  it('close without a use opens nothing; close during the open closes what it opened; later calls fail', async () => {
    const unused = opener();
    const a = deferVectorIndex(
      () => unused.open(),
      () => EMBEDDING,
    );
    await a.close();
    expect(unused.opens).toBe(0);
    await expect(a.count('chunks')).rejects.toThrow(/closed/);

    const o = opener();
    const release = o.hold();
    const b = deferVectorIndex(
      () => o.open(),
      () => EMBEDDING,
    );
    void b.ready().catch(() => undefined);
    const closing = b.close();
    release();
    await closing;
    expect(o.innerClosed).toBe(true);
    expect(b.opening).toBe(false);
    await expect(b.search('chunks', [1, 0])).rejects.toThrow(/closed/);
  });
});
