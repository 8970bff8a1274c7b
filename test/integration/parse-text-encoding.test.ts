import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';

// Regression: a UTF-16 text file (Windows Notepad's "Unicode") was decoded as UTF-8, so its text was a NUL
// between every letter and its title and passages held no word.
describe('text files in UTF-16', () => {
  const parser = createParser({ workerPath: path.resolve('src-worker/parse-worker.ts'), timeoutMs: 60_000 });
  afterAll(() => parser.close());

  it('parses a UTF-16 file, with and without its byte-order mark, as the same text as UTF-8', async () => {
    const text = 'Metformin in heart failure\n\nMetformin lowers glucose; TP53 binds MDM2 in résumé form.\n';
    const utf8 = await parser.parseBytes(new TextEncoder().encode(text), 'txt');
    for (const bom of [true, false]) {
      const bytes = new Uint8Array(Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le'));
      const parsed = await parser.parseBytes(bytes, 'txt');
      expect(parsed.text).not.toContain('\u0000');
      expect(parsed.text).toBe(utf8.text);
      expect(parsed.title).toBe('Metformin in heart failure');
    }
  });
});
