import { z } from 'zod';

/** Entity types of the biomedical base set (seed 000, types refined by Lukas et al.). */
export const BIOMEDICAL_ENTITY_TYPES = [
  'gene',
  'protein',
  'compound/drug',
  'disease',
  'phenotype',
  'organism',
  'cell type',
  'cell line',
  'sequence variant',
  'anatomy',
  'pathway',
  'biological process',
  'method',
  'intervention',
  'clinical trial',
  'biomarker',
  // Honest default: a term the engine cannot place in a finer type.
  'concept',
] as const;

/** Optional extension for ageing research, enabled per library. */
export const LONGEVITY_ENTITY_TYPES = [
  'hallmark of aging',
  'geroprotector',
  'aging biomarker',
  'aging clock',
  'lifespan outcome',
  'healthspan measure',
  'model organism strain',
] as const;

export function entityTypesFor(opts: { longevity?: boolean } = {}): string[] {
  return [...BIOMEDICAL_ENTITY_TYPES, ...(opts.longevity ? LONGEVITY_ENTITY_TYPES : [])];
}

/** Rejects empty and whitespace-only strings, as the seed's schema contract requires. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim().length > 0, 'must not be empty');

export function extractionSchema(entityTypes: readonly string[]) {
  const types = entityTypes.length ? entityTypes : [...BIOMEDICAL_ENTITY_TYPES];
  return z.object({
    entities: z.array(
      z.object({
        entity_name: text(200),
        entity_type: z.enum(types as [string, ...string[]]),
        entity_description: text(2000),
      }),
    ),
    relationships: z.array(
      z.object({
        source_entity: text(200),
        target_entity: text(200),
        relationship_keywords: z.array(text(100)).min(1).max(10),
        relationship_description: text(2000),
      }),
    ),
  });
}

export interface Extraction {
  entities: { entity_name: string; entity_type: string; entity_description: string }[];
  relationships: {
    source_entity: string;
    target_entity: string;
    relationship_keywords: string[];
    relationship_description: string;
  }[];
}

export const SummarySchema = z.object({ summary: text(4000) });
export const AtomicQuestionsSchema = z.object({ questions: z.array(text(300)).min(5).max(10) });
export const DecomposeSchema = z.object({ subQuestions: z.array(text(300)).max(3) });
export const CommunitySchema = z.object({
  title: text(120),
  summary: text(4000),
  keyTopics: z.array(text(100)).min(1).max(10),
});
export type CommunityReport = z.infer<typeof CommunitySchema>;

const passageSchemas = new Map<string, ReturnType<typeof buildPassageSchema>>();

function buildPassageSchema(entityTypes: readonly string[]) {
  const { shape } = extractionSchema(entityTypes);
  // Summary first: the model writes it before the entities, so its own summary informs the extraction, and
  // a reply cut short loses the questions rather than the summary the next passage needs.
  return z.object({
    summary: text(4000),
    entities: shape.entities,
    relationships: shape.relationships,
    // Lenient on the low end: failing a whole passage (and its extraction) over 4 questions costs a call.
    questions: z.array(text(300)).min(1).max(10),
  });
}

/**
 * The one structured reply per passage: forward summary, entities, relationships and atomic questions.
 * Memoised per type set so the JSON schema sent as Ollama's `format` is built once.
 */
export function passageSchema(entityTypes: readonly string[]) {
  const key = entityTypes.join('\u0000');
  let s = passageSchemas.get(key);
  if (!s) passageSchemas.set(key, (s = buildPassageSchema(entityTypes)));
  return s;
}

/** What one passage reading gives the pipeline, whichever provider produced it. */
export interface PassageReading {
  summary: string;
  extraction: Extraction;
  questions: string[];
}
