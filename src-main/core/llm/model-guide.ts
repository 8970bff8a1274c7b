import type { ModelGuide } from '../../contract/llm';
import { at } from '../at';

/** What a model adds, in two sentences: Settings and `ariadne doctor` both say it. */
export const WHAT_A_MODEL_ADDS =
  'A language model running on your computer reads every passage closely: it finds the entities and ' +
  'relations the built-in rules miss and writes real answers to your questions, each claim cited. Without one ' +
  'Ariadne still works offline with its built-in engine (rules and quoted sentences), only less completely.';

export const OLLAMA_INSTALL_URL = 'https://ollama.com/download';

interface Suggestion {
  model: string;
  /** Download size of Ollama's default (Q4_K_M) build, in bytes. */
  downloadBytes: number;
  /** Memory the machine should have for it to run beside everything else. */
  minMemoryBytes: number;
  why: string;
}

const GB = 1024 ** 3;

/** Small instruction models that follow JSON schemas well, smallest first (sizes from the Ollama library). */
const CHAT: Suggestion[] = [
  {
    model: 'qwen2.5:3b',
    downloadBytes: 1.9e9,
    minMemoryBytes: 0,
    why: 'fits in 8 GB; fast, a little less thorough',
  },
  {
    model: 'qwen2.5:7b',
    downloadBytes: 4.7e9,
    minMemoryBytes: 14 * GB,
    why: 'the best balance on a 16 GB laptop',
  },
  { model: 'qwen2.5:14b', downloadBytes: 9.0e9, minMemoryBytes: 30 * GB, why: 'more thorough; needs 32 GB' },
];
const EMBED: Suggestion = {
  model: 'nomic-embed-text',
  downloadBytes: 274e6,
  minMemoryBytes: 0,
  why: 'embeddings for search and entity matching',
};

/**
 * Which models to pull on this machine: the largest chat model its memory holds comfortably (a model takes
 * about its download size in memory, plus the context), and the embedding model.
 */
export function modelGuide(totalMemoryBytes: number): ModelGuide {
  const chat = [...CHAT].reverse().find((s) => totalMemoryBytes >= s.minMemoryBytes) ?? at(CHAT, 0);
  const pick = (s: Suggestion, kind: 'chat' | 'embed') => ({
    model: s.model,
    kind,
    downloadBytes: s.downloadBytes,
    why: s.why,
  });
  return {
    whatAModelAdds: WHAT_A_MODEL_ADDS,
    memoryBytes: totalMemoryBytes,
    installUrl: OLLAMA_INSTALL_URL,
    recommended: [pick(chat, 'chat'), pick(EMBED, 'embed')],
    alternatives: CHAT.filter((s) => s !== chat).map((s) => pick(s, 'chat')),
  };
}

/** "4.7 GB", "274 MB". */
export function formatBytes(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.round(n / 1e6)} MB`;
}
