import type { ModelInfo } from '../../../contract/llm';

const EMBED_HINT = /embed|bert|minilm|bge|(^|[-_/])e5([-_:]|$)|gte|arctic|mxbai|nomic/i;

export interface TagModel {
  name: string;
  size?: number;
  modified_at?: string | Date;
  details?: {
    family?: string;
    families?: string[] | null;
    parameter_size?: string;
    quantization_level?: string;
  };
}

export function toModelInfo(m: TagModel): ModelInfo {
  const families = [m.details?.family ?? '', ...(m.details?.families ?? [])].join(' ');
  return {
    name: m.name,
    kind: EMBED_HINT.test(m.name) || /bert/i.test(families) ? 'embed' : 'chat',
    sizeBytes: m.size ?? 0,
    family: m.details?.family ?? null,
    parameterSize: m.details?.parameter_size ?? null,
    quantization: m.details?.quantization_level ?? null,
    modifiedAt: m.modified_at ? new Date(m.modified_at).toISOString() : null,
  };
}

/** Instruction models that follow JSON schemas well at small sizes, best first. */
const CHAT_PREFERENCE = [
  'qwen3',
  'qwen2.5',
  'llama3.1',
  'gemma3',
  'llama3.2',
  'mistral-nemo',
  'mistral',
  'phi4',
  'phi3',
];
const EMBED_PREFERENCE = [
  'nomic-embed-text',
  'mxbai-embed-large',
  'bge-m3',
  'snowflake-arctic-embed',
  'embeddinggemma',
  'all-minilm',
];

function rank(name: string, prefs: string[]): number {
  // split always returns at least one part.
  const base = (name.split('/').pop() ?? '').split(':')[0] ?? '';
  const i = prefs.findIndex((p) => base === p || base.startsWith(`${p}-`) || base.startsWith(p));
  return i < 0 ? prefs.length : i;
}

function paramBillions(m: ModelInfo): number {
  const n = Number.parseFloat(m.parameterSize ?? '');
  return Number.isFinite(n) ? n : 99;
}

/**
 * Recommends among installed models: the preferred family first, then the smallest that still handles
 * structured output (>= 3B), because extraction runs once per chunk on a laptop.
 */
export function recommendModels(models: ModelInfo[]): { chat: string | null; embed: string | null } {
  const chat = models
    .filter((m) => m.kind === 'chat')
    .sort((a, b) => {
      const size = (m: ModelInfo) => (paramBillions(m) < 3 ? 50 + paramBillions(m) : paramBillions(m));
      return (
        rank(a.name, CHAT_PREFERENCE) - rank(b.name, CHAT_PREFERENCE) ||
        size(a) - size(b) ||
        a.name.localeCompare(b.name)
      );
    })[0];
  const embed = models
    .filter((m) => m.kind === 'embed')
    .sort(
      (a, b) =>
        rank(a.name, EMBED_PREFERENCE) - rank(b.name, EMBED_PREFERENCE) || a.name.localeCompare(b.name),
    )[0];
  return { chat: chat?.name ?? null, embed: embed?.name ?? null };
}

/** Reads `<arch>.context_length` from /api/show's model_info (a plain object on the wire). */
export function contextLengthOf(modelInfo: unknown): number | null {
  const entries = modelInfo instanceof Map ? [...modelInfo] : Object.entries((modelInfo ?? {}) as object);
  for (const [k, v] of entries) if (String(k).endsWith('.context_length') && typeof v === 'number') return v;
  return null;
}

/** "llama3.2" and "llama3.2:latest" name the same model. */
export function sameModel(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`);
  return norm(a) === norm(b);
}
