import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, fixtureFiles, ingestAll, openCore, tempDir } from './ingest/harness';

// Regression: a PDF that failed to parse after its pages were counted (a scanned PDF) showed `pages: 0`.
describe('a PDF that fails to parse', () => {
  it('keeps its page count in the library view', async () => {
    const f = await fixtureFiles();
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      const { jobs } = await ingestAll(core, [f.hostile.scanned]);
      expect(jobs[0]!.status).toBe('failed');
      const d = await core.handlers['library:document']({ documentId: jobs[0]!.docId }, ctx());
      expect(d.error).toBe('no text layer, and OCR found no text on its 2 pages');
      expect(d.pages).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });
});
