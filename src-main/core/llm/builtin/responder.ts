import { unescapeData } from '../prompts';
import { BIOMEDICAL_ENTITY_TYPES } from '../schemas';
import type { CommunityInput } from '../task-types';
import { focusedAnswer } from './answer-focus';
import { communityReport, extractiveSummary, keywordDecompose, templateQuestions } from './engine';
import { ruleExtract } from './extract';
import { truncate } from './text';
import { at } from '../../at';

type JsonSchema = Record<string, unknown>;

export interface RespondInput {
  messages: { role: string; content: string }[];
  /** Ollama's `format`: "json" or a JSON schema. */
  format?: unknown;
}

interface Block {
  attrs: Record<string, string>;
  text: string;
}

export function readBlocks(content: string, tag: string): Block[] {
  const re = new RegExp(`<${tag}((?:\\s+\\w+="[^"]*")*)>\\n?([\\s\\S]*?)\\n?</${tag}>`, 'g');
  // Every group of both patterns takes part in a match.
  return [...content.matchAll(re)].map(([, attrs = '', text = '']) => ({
    attrs: Object.fromEntries([...attrs.matchAll(/(\w+)="([^"]*)"/g)].map(([, k = '', v = '']) => [k, v])),
    text: unescapeData(text),
  }));
}

/**
 * A deterministic stand-in for a language model: it recognises Ariadne's task prompts (by the requested
 * schema, or the `Task:` line and tagged data blocks) and answers with the rule engine, so its output is
 * plausible, grounded in the quoted text, and valid against the requested schema.
 */
export function respond({ messages, format }: RespondInput): string {
  const content = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const doc = readBlocks(content, 'document')[0]?.text ?? content;
  const previous = readBlocks(content, 'previous_summary')[0]?.text ?? '';
  const task = /^Task: (\S+)/m.exec(content)?.[1];
  if (format && typeof format === 'object') {
    const schema = format as JsonSchema;
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (props.entities && props.relationships) {
      return JSON.stringify(
        ruleExtract(doc, { entityTypes: enumOf(props.entities) ?? BIOMEDICAL_ENTITY_TYPES }),
      );
    }
    if (props.questions)
      return JSON.stringify({ questions: templateQuestions(doc, BIOMEDICAL_ENTITY_TYPES) });
    if (props.subQuestions) {
      const question = readBlocks(content, 'question')[0]?.text ?? content;
      const context = readBlocks(content, 'passage').map((b) => b.text);
      return JSON.stringify({ subQuestions: keywordDecompose(question, context, BIOMEDICAL_ENTITY_TYPES) });
    }
    if (props.title && props.summary && props.keyTopics)
      return JSON.stringify(communityReport(readCommunity(content)));
    if (props.summary && Object.keys(props).length === 1) {
      return JSON.stringify({
        summary: extractiveSummary(doc, previous === '(start of document)' ? '' : previous),
      });
    }
    return JSON.stringify(instanceFromSchema(schema, schema, extractiveSummary(doc)));
  }
  if (format === 'json') return JSON.stringify({ response: extractiveSummary(doc) });
  if (task === 'answer' || readBlocks(content, 'source').length) {
    const question = readBlocks(content, 'question')[0]?.text ?? content;
    const sources = readBlocks(content, 'source').map((b, i) => ({
      n: Number(b.attrs.n ?? i + 1),
      text: b.text,
    }));
    return focusedAnswer(question, sources);
  }
  return extractiveSummary(doc);
}

function enumOf(entities: JsonSchema): string[] | null {
  const items = entities.items as JsonSchema | undefined;
  const type = (items?.properties as Record<string, JsonSchema> | undefined)?.entity_type;
  return Array.isArray(type?.enum) ? (type.enum as string[]) : null;
}

function readCommunity(content: string): CommunityInput {
  const lines = (tag: string) =>
    (readBlocks(content, tag)[0]?.text ?? '').split('\n').filter((l) => l.startsWith('- '));
  return {
    entities: lines('entities').flatMap((l) => {
      const [, name, type, description = ''] = /^- (.+?) \(([^)]+)\): (.*)$/.exec(l) ?? [];
      return name && type ? [{ name, type, description }] : [];
    }),
    relationships: lines('relationships').flatMap((l) => {
      const [, source, target, description = ''] = /^- (.+?) -> (.+?): (.*)$/.exec(l) ?? [];
      return source && target ? [{ source, target, description }] : [];
    }),
  };
}

/** Builds the smallest value that satisfies a JSON schema, filling strings with `text`. */
export function instanceFromSchema(schema: JsonSchema, root: JsonSchema, text: string, depth = 0): unknown {
  if (depth > 8) return null;
  if (typeof schema.$ref === 'string') {
    const path = schema.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    const target = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], root);
    return instanceFromSchema((target ?? {}) as JsonSchema, root, text, depth + 1);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alt = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as JsonSchema[] | undefined;
  if (alt?.length)
    return instanceFromSchema(alt.find((s) => s.type !== 'null') ?? at(alt, 0), root, text, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as string) : schema.type;
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(props).map(([k, s]) => [k, instanceFromSchema(s, root, text, depth + 1)]),
      );
    }
    case 'array': {
      const n = Math.max(1, Number(schema.minItems ?? 1));
      const max = Number(schema.maxItems ?? n);
      return Array.from({ length: Math.min(n, max) }, () =>
        instanceFromSchema((schema.items ?? {}) as JsonSchema, root, text, depth + 1),
      );
    }
    case 'integer':
    case 'number':
      return (
        Number(schema.minimum ?? schema.exclusiveMinimum ?? 0) +
        (schema.exclusiveMinimum !== undefined ? 1 : 0)
      );
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      const max = Number(schema.maxLength ?? 400);
      const min = Number(schema.minLength ?? 1);
      return truncate(text || 'n/a', max).padEnd(min, '.');
    }
    default:
      return text;
  }
}
