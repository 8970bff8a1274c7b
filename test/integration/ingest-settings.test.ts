import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from './ingest/harness';

describe('ingestion follows the Settings screen', () => {
  it('cuts smaller passages after the passage size is lowered, without a restart', async () => {
    const [paper] = await corpusPaths();
    const chunksAt = async (chunkTokens: number | null) => {
      const core = await openCore(tempDir(), createBuiltinProvider());
      try {
        if (chunkTokens) await core.handlers['settings:set']({ chunkTokens }, ctx());
        await ingestAll(core, [paper!]);
        const list = await core.handlers['library:list']({}, ctx());
        return list.documents[0]!.chunksTotal;
      } finally {
        await core.close();
      }
    };
    const standard = await chunksAt(null);
    const small = await chunksAt(200);
    expect(standard).toBeGreaterThan(0);
    expect(small).toBeGreaterThan(standard);
  });

  it('asks for the longevity types once the extension is switched on', async () => {
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      expect(core.ingest.readingOptions().entityTypes).not.toContain('aging biomarker');
      await core.handlers['settings:set']({ entityTypeSet: 'biomedical+longevity' }, ctx());
      expect(core.ingest.readingOptions().entityTypes).toContain('aging biomarker');
      expect(core.ingest.readingOptions().blockTokens).toBe(1000);
    } finally {
      await core.close();
    }
  });
});
