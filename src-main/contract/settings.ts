import { z } from 'zod';
import { method } from './define';
import { LlmSettings, SettingsEffect } from './llm';

/** Which entity types extraction asks for: the biomedical base set, or base plus the longevity extension. */
export const EntityTypeSet = z.enum(['biomedical', 'biomedical+longevity']);
export type EntityTypeSet = z.infer<typeof EntityTypeSet>;

/** Everything the Settings screen edits: the LLM settings plus how documents are cut and read. */
export const AppSettings = LlmSettings.extend({
  /** Target size of one chunk, in tokens (the design's ~1000-token blocks). */
  chunkTokens: z.number().int().min(200).max(4000).default(1000),
  entityTypeSet: EntityTypeSet.default('biomedical'),
  /**
   * With a model configured, read each new document with the built-in engine first (searchable within
   * seconds), then let the model refine it passage by passage. Without a model it changes nothing.
   */
  progressiveIngestion: z.boolean().default(true),
  /**
   * A batch whose estimated reading time with a model is longer than this asks before it is indexed (0: always
   * ask). Ten minutes: past a coffee's wait, long enough that a dropped folder should not start unasked.
   */
  confirmAboveMinutes: z.number().min(0).max(10_000).default(10),
  /** Snapshots of the library kept (taken before each import batch and on a schedule); 0 takes none. */
  snapshotsKept: z.number().int().min(0).max(100).default(5),
  /** Hours between scheduled snapshots while Ariadne runs, when the library changed (0: none on a schedule). */
  snapshotEveryHours: z.number().min(0).max(720).default(24),
});
export type AppSettings = z.infer<typeof AppSettings>;

export const settingsMethods = {
  'settings:get': method({
    input: z.object({}).strict(),
    output: AppSettings,
    summary: 'The library settings: provider, models, concurrency, chunk size and entity types.',
  }),
  'settings:set': method({
    input: AppSettings.partial(),
    output: AppSettings.extend({ effect: SettingsEffect.optional() }),
    summary:
      'Change some settings; returns all of them. A provider or model change says whether it applies now or at the next start, and whether its server answers.',
  }),
};
