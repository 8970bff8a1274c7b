import { describe, expect, it } from 'vitest';
import { createEmbedWindows } from './embed-windows';

describe('createEmbedWindows', () => {
  it('fills requests across callers up to the batch size, sends the rest on close, in queue order', async () => {
    const sent: string[][] = [];
    const w = createEmbedWindows(async (texts) => (sent.push(texts), texts.map((t) => [t.length])), 4);
    const a = w.need(['a', 'bb', 'ccc']);
    expect(sent).toEqual([]);
    const b = w.need(['dddd', 'e', 'ff']);
    expect(sent).toEqual([['a', 'bb', 'ccc', 'dddd']]);
    w.close();
    expect(sent).toEqual([
      ['a', 'bb', 'ccc', 'dddd'],
      ['e', 'ff'],
    ]);
    expect(await a).toEqual([[1], [2], [3]]);
    expect(await b).toEqual([[4], [1], [2]]);
    // After close, a late caller (a retried passage) is sent at once.
    expect(await w.need(['ggg'])).toEqual([[3]]);
    expect(sent).toHaveLength(3);
  });

  it('fails every caller of a failed request', async () => {
    const w = createEmbedWindows(() => Promise.reject(new Error('down')), 2);
    const a = w.need(['a']);
    const b = w.need(['b']);
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
  });
});
