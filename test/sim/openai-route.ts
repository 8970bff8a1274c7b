import type { ServerResponse } from 'node:http';
import { type SimModel, withTag } from './catalog';
import { FAULT_KINDS, TRANSPORT_FAULTS, type FaultDecision, type createFaultPlanner } from './faults';
import type { createHabits } from './habits';
import { type ReqCtx, jsonObject, readBody, sendJson } from './http-util';
import {
  type OpenAiOptions,
  checkKey,
  handleChatCompletion,
  handleEmbeddings,
  modelsList,
  openAiError,
} from './openai';

/** What the OpenAI-compatible routes share with Ollama's (server.ts): the models, counters, faults and habits. */
export interface OpenAiRouteDeps {
  openai: OpenAiOptions;
  installed: Map<string, SimModel>;
  planner: ReturnType<typeof createFaultPlanner>;
  habits: ReturnType<typeof createHabits>;
  count(endpoint: string, model: string | null): void;
  countContent(path: string, model: string, body: Record<string, unknown>): void;
  countRepeat(path: string, raw: string, res: ServerResponse): void;
  transportFaults(ctx: ReqCtx, model: string, fault: FaultDecision, api: 'openai'): Promise<boolean>;
  onTruncatedPrompt(): void;
}

/** The OpenAI-compatible API under /v1 (`openai.ts`), with the same counters, faults and habits as Ollama's. */
export async function routeOpenAi(ctx: ReqCtx, path: string, method: string, d: OpenAiRouteDeps) {
  const { req, res } = ctx;
  if (!checkKey(ctx, d.openai)) return;
  if (path === '/v1/models' && method === 'GET') {
    d.count(path, null);
    return sendJson(res, 200, modelsList([...d.installed.values()]));
  }
  if (path !== '/v1/chat/completions' && path !== '/v1/embeddings')
    return openAiError(
      res,
      404,
      `Unexpected endpoint or method. (${method} ${path})`,
      'invalid_request_error',
    );
  if (method !== 'POST')
    return openAiError(res, 405, `Method ${method} not allowed for ${path}`, 'invalid_request_error');
  const raw = await readBody(req);
  const body = jsonObject(raw);
  if (body instanceof Error)
    return openAiError(
      res,
      400,
      `We could not parse the JSON body of your request. (${body.message})`,
      'invalid_request_error',
    );
  if (typeof body.model !== 'string' || !body.model)
    return (
      d.count(path, null),
      openAiError(res, 400, "'model' is a required property", 'invalid_request_error')
    );
  const modelName = withTag(body.model);
  d.count(path, modelName);
  d.countContent(path, modelName, body);
  d.countRepeat(path, raw, res);
  const isChat = path === '/v1/chat/completions';
  const fault = d.planner.decide(modelName, raw, req.headers, isChat ? FAULT_KINDS : TRANSPORT_FAULTS);
  if (!(await d.transportFaults(ctx, modelName, fault, 'openai'))) return;
  const model = d.installed.get(modelName);
  if (!model)
    return openAiError(
      res,
      404,
      `The model \`${body.model}\` does not exist.`,
      'NotFoundError',
      'model_not_found',
    );
  if (!isChat) return handleEmbeddings(ctx, model, body, fault);
  if (model.kind !== 'chat')
    return openAiError(
      res,
      400,
      `The model \`${body.model}\` does not support chat completions.`,
      'invalid_request_error',
    );
  return handleChatCompletion(ctx, {
    model,
    body,
    raw,
    fault,
    habits: d.habits,
    opts: d.openai,
    onTruncatedPrompt: d.onTruncatedPrompt,
  });
}
