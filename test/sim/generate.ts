import { hashedEmbedding } from '../../src-main/core/llm/builtin/embed';
import { respond } from '../../src-main/core/llm/builtin/responder';
import { tokenize } from '../../src-main/core/llm/builtin/text';
import { estimateTokens } from '../../src-main/core/llm/tokens';
import type { SimModel } from './catalog';
import { answerPassage, isPassageFormat, passageOf } from './passage';
import type { createHabits } from './habits';
import type { FaultDecision } from './faults';
import {
  type ReqCtx,
  embedTexts,
  nowIso,
  sendError,
  sendJson,
  sleep,
  startNdjson,
  writeLine,
} from './http-util';

/** Ollama's default context when a request sets no num_ctx: longer prompts are cut silently. */
export const DEFAULT_NUM_CTX = 4096;

export interface GenerateInput {
  endpoint: 'chat' | 'generate';
  model: SimModel;
  body: Record<string, unknown>;
  fault: FaultDecision;
  habits?: Habits;
  onTruncatedPrompt(): void;
}

type Habits = ReturnType<typeof createHabits>;

export const MODEL_ERROR = 'an error was encountered while running the model';

/** Wrong types for every property: parseable JSON that a schema validator must reject. */
function schemaViolation(format: unknown): string {
  const props = (format as { properties?: Record<string, { type?: string }> } | null)?.properties;
  if (!props) return '[]';
  const wrong = Object.fromEntries(
    Object.entries(props).map(([k, s]) => [
      k,
      s.type === 'string' ? 123 : s.type === 'number' || s.type === 'integer' ? 'NaN' : 'n/a',
    ]),
  );
  return JSON.stringify(wrong);
}

export function applyContentFault(content: string, kind: FaultDecision['kind'], format: unknown) {
  switch (kind) {
    case 'fenced':
      return {
        content: '```json\n' + content.replace(/([}\]])(?=\s*[}\]])/, '$1,') + '\n```',
        doneReason: 'stop',
      };
    case 'malformed':
      return {
        content: `Sure! Here is the result: {${content.slice(1, 40)} ... (and more)`,
        doneReason: 'stop',
      };
    case 'truncated':
      return { content: content.slice(0, Math.max(1, Math.floor(content.length / 2))), doneReason: 'length' };
    case 'schema':
      return { content: format ? schemaViolation(format) : content, doneReason: 'stop' };
    default:
      return { content, doneReason: 'stop' };
  }
}

export interface GeneratedReply {
  content: string;
  /** A thinking model's reasoning, when it is sent apart from the content. */
  reasoning: string | null;
  doneReason: string;
  promptTokens: number;
  isLoad: boolean;
}

/** The reply to a chat: the rule engine's answer, then the small model's habits, then the injected fault. */
export async function generateReply(input: {
  messages: { role: string; content: string }[];
  /** A JSON schema, "json", or nothing. */
  format: unknown;
  fault: FaultDecision;
  habits?: Habits;
  body: string;
  numCtx?: number;
  onTruncatedPrompt(): void;
  isLoad?: boolean;
}): Promise<GeneratedReply> {
  const { messages, format, fault } = input;
  const promptTokens = messages.reduce((n, m) => n + estimateTokens(String(m.content ?? '')) + 8, 0);
  if (promptTokens > (input.numCtx ?? DEFAULT_NUM_CTX)) input.onTruncatedPrompt();
  const isPassage = isPassageFormat(format);
  const base = input.isLoad
    ? ''
    : isPassage
      ? await answerPassage(messages, format)
      : respond({ messages, format });
  const shaped =
    input.habits && !input.isLoad
      ? input.habits.apply(base, {
          body: input.body,
          passage: passageOf(messages),
          isPassage,
          structured: Boolean(format),
        })
      : { content: base, reasoning: null };
  const { content, doneReason } = applyContentFault(shaped.content, fault.kind, format);
  return { content, reasoning: shaped.reasoning, doneReason, promptTokens, isLoad: Boolean(input.isLoad) };
}

/** /api/chat and /api/generate, streamed (NDJSON ending with done:true) or not. */
export async function handleGenerate(ctx: ReqCtx, input: GenerateInput) {
  const { res, signal } = ctx;
  const { body, model, fault, endpoint } = input;
  const messages =
    endpoint === 'chat'
      ? ((body.messages as { role: string; content: string }[] | undefined) ?? [])
      : [
          ...(typeof body.system === 'string' ? [{ role: 'system', content: body.system }] : []),
          { role: 'user', content: String(body.prompt ?? '') },
        ];
  if (endpoint === 'chat' && !Array.isArray(body.messages))
    return sendError(res, 400, 'messages is required');
  const options = (body.options ?? {}) as { num_ctx?: number; num_predict?: number };
  // A load request (no prompt) just answers done, as Ollama does.
  const isLoad = endpoint === 'generate' ? !body.prompt : messages.length === 0;
  const reply = await generateReply({
    messages,
    format: body.format,
    fault,
    habits: input.habits,
    body: JSON.stringify(body),
    numCtx: options.num_ctx,
    onTruncatedPrompt: input.onTruncatedPrompt,
    isLoad,
  });
  const { content, doneReason, promptTokens } = reply;
  const stream = body.stream !== false;
  const t0 = process.hrtime.bigint();

  const frame = (text: string, done: boolean) =>
    endpoint === 'chat'
      ? {
          model: model.name,
          created_at: nowIso(),
          message: { role: 'assistant', content: text },
          done,
        }
      : { model: model.name, created_at: nowIso(), response: text, done };
  const final = (evalCount: number) => ({
    ...frame(stream ? '' : content, true),
    // A thinking model's reasoning comes in its own field (`thinking`), never in the content.
    ...(!stream && reply.reasoning && endpoint === 'chat'
      ? { message: { role: 'assistant', content, thinking: reply.reasoning } }
      : {}),
    done_reason: isLoad ? 'load' : doneReason,
    total_duration: Number(process.hrtime.bigint() - t0) + 1_000_000,
    load_duration: 1_000_000,
    prompt_eval_count: promptTokens,
    prompt_eval_duration: promptTokens * 100_000,
    eval_count: evalCount,
    eval_duration: evalCount * 1_000_000 + 1,
  });

  const tokens = tokenize(content);
  if (!stream) {
    if (fault.kind === 'midstream') return sendError(res, 500, MODEL_ERROR);
    await sleep(fault.tokenLatencyMs * tokens.length, signal);
    if (fault.kind === 'drop') return ctx.req.socket.destroy();
    return sendJson(res, 200, final(tokens.length));
  }
  startNdjson(res);
  const cutAt =
    fault.kind === 'midstream' || fault.kind === 'drop' ? Math.min(3, tokens.length) : tokens.length;
  for (let i = 0; i < cutAt; i++) {
    if (signal.aborted) return;
    await sleep(fault.tokenLatencyMs, signal);
    writeLine(res, frame(tokens[i]!, false));
  }
  if (signal.aborted) return;
  if (fault.kind === 'drop') return ctx.req.socket.destroy();
  if (fault.kind === 'midstream') {
    writeLine(res, { error: MODEL_ERROR });
    return res.end();
  }
  writeLine(res, final(tokens.length));
  res.end();
}

/** /api/embed: one hashed n-gram vector per input, with the model's dimension. */
export async function handleEmbed(
  ctx: ReqCtx,
  model: SimModel,
  body: Record<string, unknown>,
  fault: FaultDecision,
) {
  const texts = embedTexts(body);
  if (!texts) return sendError(ctx.res, 400, 'invalid input type');
  if (model.kind !== 'embed') return sendError(ctx.res, 400, `"${model.name}" does not support embeddings`);
  const promptTokens = texts.reduce((n, t) => n + estimateTokens(t), 0);
  if (body.truncate === false && texts.some((t) => estimateTokens(t) > model.contextLength)) {
    return sendError(ctx.res, 400, 'the input length exceeds the context length');
  }
  await sleep(fault.tokenLatencyMs * texts.length, ctx.signal);
  if (fault.kind === 'drop') return ctx.req.socket.destroy();
  const dims = typeof body.dimensions === 'number' ? Math.min(body.dimensions, model.dim) : model.dim;
  sendJson(ctx.res, 200, {
    model: model.name,
    embeddings: texts.map((t) => hashedEmbedding(t, dims)),
    total_duration: 1_000_000 * texts.length,
    load_duration: 100_000,
    prompt_eval_count: promptTokens,
  });
}
