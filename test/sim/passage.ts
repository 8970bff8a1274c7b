import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { readBlocks } from '../../src-main/core/llm/builtin/responder';
import { BIOMEDICAL_ENTITY_TYPES } from '../../src-main/core/llm/schemas';
import { createTasks } from '../../src-main/core/llm/tasks';

type JsonSchema = Record<string, unknown>;

const rules = createTasks(createBuiltinProvider());

/**
 * A passage reading is asked for by its `format` (Ollama's structured outputs: a JSON schema), as a real
 * model would see it: an object with summary, entities, relationships and questions. Anything else is not.
 */
export function isPassageFormat(format: unknown): format is JsonSchema {
  if (!format || typeof format !== 'object') return false;
  const props = ((format as JsonSchema).properties ?? {}) as Record<string, unknown>;
  return Boolean(props.summary && props.entities && props.relationships && props.questions);
}

/**
 * Answers a passage reading with the rule engine: the summary of the <document> block given the
 * <previous_summary> block, its entities and relationships with the types the schema allows, and its
 * questions, in the schema's property order.
 */
/** The passage a chat is about: the <document> block of its last user message. */
export function passageOf(messages: { role: string; content: string }[]): string {
  const users = [...messages].reverse().filter((m) => m.role === 'user');
  const content =
    users.find((m) => readBlocks(m.content, 'document').length > 0)?.content ?? users[0]?.content ?? '';
  return readBlocks(content, 'document')[0]?.text ?? content;
}

export async function answerPassage(
  messages: { role: string; content: string }[],
  format: JsonSchema,
): Promise<string> {
  const users = [...messages].reverse().filter((m) => m.role === 'user');
  const content =
    users.find((m) => readBlocks(m.content, 'document').length > 0)?.content ?? users[0]?.content ?? '';
  const text = readBlocks(content, 'document')[0]?.text ?? content;
  const prev = readBlocks(content, 'previous_summary')[0]?.text ?? '';
  const r = await rules.readPassage({
    text,
    previousSummary: prev === '(start of document)' ? '' : prev,
    entityTypes: entityTypesOf(format) ?? BIOMEDICAL_ENTITY_TYPES,
  });
  return JSON.stringify({
    summary: r.summary,
    entities: r.extraction.entities,
    relationships: r.extraction.relationships,
    questions: r.questions,
  });
}

function entityTypesOf(format: JsonSchema): string[] | null {
  const entities = (format.properties as Record<string, JsonSchema>).entities;
  const item = entities?.items as JsonSchema | undefined;
  const type = (item?.properties as Record<string, JsonSchema> | undefined)?.entity_type;
  return Array.isArray(type?.enum) ? (type.enum as string[]) : null;
}
