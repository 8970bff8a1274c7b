import type { ModelInfo } from '../../contract/llm';

const EMBED_HINT = /embed|bert|minilm|bge|(^|[-_/])e5([-_:]|$)|gte|arctic|mxbai|nomic/i;

/** Whether a model embeds or chats, from its name and family: servers rarely say it outright. */
export function modelKind(name: string, families = ''): ModelInfo['kind'] {
  return EMBED_HINT.test(name) || /bert/i.test(families) ? 'embed' : 'chat';
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
  const base = ((name.split('/').pop() ?? '').split(':')[0] ?? '').toLowerCase();
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

/** "llama3.2" and "llama3.2:latest" name the same model. */
export function sameModel(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes(':') ? s : `${s}:latest`);
  return norm(a) === norm(b);
}
