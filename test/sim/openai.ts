import type { ServerResponse } from 'node:http';
import { hashedEmbedding } from '../../src-main/core/llm/builtin/embed';
import { balancedEnd } from '../../src-main/core/llm/json-repair';
import { tokenize } from '../../src-main/core/llm/builtin/text';
import { estimateTokens } from '../../src-main/core/llm/tokens';
import type { SimModel } from './catalog';
import type { FaultDecision } from './faults';
import { MODEL_ERROR, generateReply } from './generate';
import type { createHabits } from './habits';
import { type ReqCtx, embedTexts, sendJson, sleep } from './http-util';

/**
 * The OpenAI-compatible API as LM Studio, llama.cpp's llama-server and vLLM serve it: `/v1/models`,
 * `/v1/chat/completions` (structured output by `response_format` json_schema or json_object, streaming as
 * server-sent events ending with `data: [DONE]`) and `/v1/embeddings`, errors as `{"error": {"message", "type",
 * "code"}}`, and 401 for a wrong key.
 */
export interface OpenAiOptions {
  /** Requests must carry `Authorization: Bearer <apiKey>`; absent: no key needed (LM Studio, llama-server). */
  apiKey?: string;
  /**
   * `json_object`: refuse `response_format` json_schema as LM Studio refuses json_object (only JSON mode);
   * `none`: refuse every response_format (an old llama.cpp build). Default: take both.
   */
  structured?: 'all' | 'json_object' | 'none';
}

export function openAiError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code?: string,
) {
  sendJson(res, status, { error: { message, type, param: null, code: code ?? null } });
}

/** 401 unless the request carries the key. */
export function checkKey(ctx: ReqCtx, opts: OpenAiOptions): boolean {
  if (!opts.apiKey) return true;
  if (ctx.req.headers.authorization === `Bearer ${opts.apiKey}`) return true;
  // Some servers (proxies) echo the key they were given: a client must not pass it on to its logs.
  const given = ctx.req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  openAiError(
    ctx.res,
    401,
    `Incorrect API key provided${given ? `: ${given}` : ''}. You can find your API key in the server settings.`,
    'invalid_request_error',
    'invalid_api_key',
  );
  return false;
}

export function modelsList(installed: SimModel[]) {
  return {
    object: 'list',
    // vLLM also tells each model's context; LM Studio and llama-server do not.
    data: installed.map((m) => ({
      id: m.name,
      object: 'model',
      created: 1_727_000_000,
      owned_by: 'ariadne-sim',
      max_model_len: m.contextLength,
    })),
  };
}

/** The JSON schema a model sees in the prompt when the server has no json_schema mode. */
function schemaInPrompt(messages: { content: string }[]): Record<string, unknown> | null {
  for (const m of messages) {
    const at = m.content.indexOf('JSON schema: {');
    if (at < 0) continue;
    const text = m.content.slice(at + 'JSON schema: '.length);
    const end = balancedEnd(text);
    if (end > 0) {
      try {
        return JSON.parse(text.slice(0, end + 1)) as Record<string, unknown>;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface ChatDeps {
  model: SimModel;
  body: Record<string, unknown>;
  raw: string;
  fault: FaultDecision;
  habits: ReturnType<typeof createHabits>;
  opts: OpenAiOptions;
  onTruncatedPrompt(): void;
}

export async function handleChatCompletion(ctx: ReqCtx, d: ChatDeps) {
  const { res, signal } = ctx;
  const { body, model, fault } = d;
  if (!Array.isArray(body.messages))
    return openAiError(res, 400, "'messages' is a required property", 'invalid_request_error');
  const messages = body.messages as { role: string; content: string }[];
  const rf = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  const structured = d.opts.structured ?? 'all';
  if (rf?.type && rf.type !== 'text') {
    if (structured === 'none' || (structured === 'json_object' && rf.type === 'json_schema')) {
      return openAiError(
        res,
        400,
        `'response_format.type' must be ${structured === 'none' ? "'text'" : "'json_object' or 'text'"}`,
        'invalid_request_error',
      );
    }
  }
  // JSON mode: a model follows the schema it reads in the prompt (and nothing enforces it).
  const format =
    rf?.type === 'json_schema'
      ? rf.json_schema?.schema
      : rf?.type === 'json_object' || schemaInPrompt(messages)
        ? (schemaInPrompt(messages) ?? 'json')
        : undefined;
  const reply = await generateReply({
    messages,
    format,
    fault,
    habits: d.habits,
    body: d.raw,
    onTruncatedPrompt: d.onTruncatedPrompt,
  });
  const id = `chatcmpl-${Math.abs(hash(d.raw)).toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const finish = reply.doneReason === 'length' ? 'length' : 'stop';
  const tokens = tokenize(reply.content);
  if (body.stream !== true) {
    if (fault.kind === 'midstream') return openAiError(res, 500, MODEL_ERROR, 'server_error');
    await sleep(fault.tokenLatencyMs * tokens.length, signal);
    if (fault.kind === 'drop') return ctx.req.socket.destroy();
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: model.name,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.content,
            // vLLM's reasoning parser: the thinking goes here, never into content.
            ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
          },
          finish_reason: finish,
        },
      ],
      usage: {
        prompt_tokens: reply.promptTokens,
        completion_tokens: tokens.length,
        total_tokens: reply.promptTokens + tokens.length,
      },
    });
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  const send = (obj: unknown) => {
    if (!res.destroyed && !res.writableEnded) res.write(`data: ${JSON.stringify(obj)}\n\n`);
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: model.name,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  send(chunk({ role: 'assistant', content: '' }, null));
  if (reply.reasoning) send(chunk({ reasoning_content: reply.reasoning }, null));
  const cutAt =
    fault.kind === 'midstream' || fault.kind === 'drop' ? Math.min(3, tokens.length) : tokens.length;
  for (let i = 0; i < cutAt; i++) {
    if (signal.aborted) return;
    await sleep(fault.tokenLatencyMs, signal);
    send(chunk({ content: tokens[i] }, null));
  }
  if (signal.aborted) return;
  if (fault.kind === 'drop') return ctx.req.socket.destroy();
  if (fault.kind === 'midstream') {
    send({ error: { message: MODEL_ERROR, type: 'server_error' } });
    return res.end();
  }
  send(chunk({}, finish));
  res.write('data: [DONE]\n\n');
  res.end();
}

export async function handleEmbeddings(
  ctx: ReqCtx,
  model: SimModel,
  body: Record<string, unknown>,
  fault: FaultDecision,
) {
  const texts = embedTexts(body);
  if (!texts)
    return openAiError(
      ctx.res,
      400,
      "'input' must be a string or an array of strings",
      'invalid_request_error',
    );
  if (model.kind !== 'embed')
    return openAiError(
      ctx.res,
      400,
      `The model \`${model.name}\` does not support embeddings.`,
      'invalid_request_error',
    );
  await sleep(fault.tokenLatencyMs * texts.length, ctx.signal);
  if (fault.kind === 'drop') return ctx.req.socket.destroy();
  const tokens = texts.reduce((n, t) => n + estimateTokens(t), 0);
  sendJson(ctx.res, 200, {
    object: 'list',
    data: texts.map((t, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(t, model.dim) })),
    model: model.name,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
