import { createHabits, type HabitLog } from './habits';
import type { FaultKind } from './faults';

export interface SimStats {
  calls: number;
  byEndpoint: Record<string, number>;
  byModel: Record<string, number>;
  byEndpointModel: Record<string, Record<string, number>>;
  faults: Partial<Record<FaultKind, number>>;
  /** Prompts longer than num_ctx, which real Ollama truncates silently. */
  truncatedPrompts: number;
  inFlight: number;
  /** Requests open right now, per endpoint (a crash test reads the LLM calls in flight at a kill). */
  inFlightByEndpoint: Record<string, number>;
  /**
   * Model calls (chat, generate, embed) whose exact request body had already been answered in full with
   * 200 since the last reset, per endpoint: work a client asked for twice (a crash test reads it).
   */
  repeatsByEndpoint: Record<string, number>;
  /** Most model calls (chat, generate, embed) open at once since the last reset. */
  peakModelCalls: number;
  /** Most embedding calls (either API) open at once since the last reset: a model's own parallel slots. */
  peakEmbedCalls: number;
  /** Texts received by /api/embed, and how many of them this sim had embedded before (same model). */
  embedInputs: number;
  duplicateEmbedInputs: number;
  /** Characters of message content received by /api/chat and /api/generate (prompts, not schemas). */
  promptChars: number;
  /** Characters of the JSON schemas received as `format` (a grammar for Ollama, not prompt text). */
  formatChars: number;
  /**
   * Chat calls (either API) in flight: the most at once, and the mean over the chat phase (from the first
   * chat call's arrival to the last one's end) and over the time at least one was open.
   */
  chatInFlight: { peak: number; meanOverSpan: number; meanWhileBusy: number; spanMs: number; calls: number };
  /** What the small-model habits did since the last reset. */
  habits: HabitLog;
}

export function emptyStats(): SimStats {
  return {
    calls: 0,
    byEndpoint: {},
    byModel: {},
    byEndpointModel: {},
    faults: {},
    truncatedPrompts: 0,
    inFlight: 0,
    inFlightByEndpoint: {},
    repeatsByEndpoint: {},
    peakModelCalls: 0,
    peakEmbedCalls: 0,
    embedInputs: 0,
    duplicateEmbedInputs: 0,
    promptChars: 0,
    formatChars: 0,
    chatInFlight: { peak: 0, meanOverSpan: 0, meanWhileBusy: 0, spanMs: 0, calls: 0 },
    habits: createHabits().log(),
  };
}

/** The chat, embedding and all model calls of either API: what `SimStats` meters in flight. */
export const CHAT_ENDPOINTS = new Set(['/api/chat', '/api/generate', '/v1/chat/completions']);
export const EMBED_ENDPOINTS = new Set(['/api/embed', '/v1/embeddings']);
export const MODEL_ENDPOINTS = new Set([
  '/api/chat',
  '/api/generate',
  '/api/embed',
  '/v1/chat/completions',
  '/v1/embeddings',
]);

/** Time-weighted count of chat calls in flight, for `chatInFlight`. */
export function createInFlightMeter() {
  let open = 0;
  let peak = 0;
  let calls = 0;
  let first: number | null = null;
  let last = 0;
  let busyMs = 0;
  let areaMs = 0;
  let since = 0;
  const advance = (now: number) => {
    if (open > 0) {
      areaMs += open * (now - since);
      busyMs += now - since;
    }
    since = now;
  };
  return {
    start() {
      const now = performance.now();
      advance(now);
      first ??= now;
      open++;
      calls++;
      peak = Math.max(peak, open);
    },
    end() {
      const now = performance.now();
      advance(now);
      open--;
      last = now;
    },
    read() {
      const spanMs = first === null ? 0 : Math.max(last, first) - first;
      return {
        peak,
        calls,
        spanMs: Math.round(spanMs),
        meanOverSpan: spanMs > 0 ? areaMs / spanMs : 0,
        meanWhileBusy: busyMs > 0 ? areaMs / busyMs : 0,
      };
    },
  };
}
