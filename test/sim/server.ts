import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_INSTALLED, DEFAULT_REGISTRY, type SimModel, showEntry, tagEntry, withTag } from './catalog';
import {
  FAULT_KINDS,
  TRANSPORT_FAULTS,
  type FaultDecision,
  type SimFaults,
  createFaultPlanner,
} from './faults';
import { handleEmbed, handleGenerate } from './generate';
import { type SimHabits, createHabits } from './habits';
import { type ReqCtx, embedTexts, jsonObject, readBody, sendError, sendJson } from './http-util';
import type { OpenAiOptions } from './openai';
import { routeOpenAi } from './openai-route';
import { answerPull } from './pull';
import {
  CHAT_ENDPOINTS,
  EMBED_ENDPOINTS,
  MODEL_ENDPOINTS,
  type SimStats,
  createInFlightMeter,
  emptyStats,
} from './stats';
import { applyTransportFaults } from './transport-faults';

export interface SimOptions {
  port?: number;
  host?: string;
  faults?: SimFaults;
  /** Installed models; default: two chat and two embedding models. */
  models?: SimModel[];
  /** Models /api/pull can download. */
  registry?: SimModel[];
  /** Delay between pull progress lines. */
  pullStepMs?: number;
  version?: string;
  /** The OpenAI-compatible API under /v1: its key and which structured modes it takes. */
  openai?: OpenAiOptions;
  /** A small model's habits (names never mentioned, relations never stated, thinking, echoes). */
  habits?: SimHabits;
}

export type { SimStats } from './stats';

export interface Sim {
  url: string;
  port: number;
  stats(): SimStats;
  resetStats(): void;
  setFaults(f: SimFaults): void;
  setHabits(h: SimHabits): void;
  installed(): string[];
  close(): Promise<void>;
}

const CONTENT_ENDPOINTS = new Set(['/api/chat', '/api/generate']);

/**
 * A model server for tests and demos: Ollama's API under /api and the OpenAI-compatible API under /v1, with
 * counters, seeded fault injection and a small model's habits.
 */
export async function startSim(opts: SimOptions = {}): Promise<Sim> {
  const installed = new Map(
    (opts.models ?? DEFAULT_INSTALLED).map((m) => [withTag(m.name), { ...m, name: withTag(m.name) }]),
  );
  const registry = new Map(
    (opts.registry ?? DEFAULT_REGISTRY).map((m) => [withTag(m.name), { ...m, name: withTag(m.name) }]),
  );
  const planner = createFaultPlanner(opts.faults);
  const habits = createHabits(opts.habits);
  const openai = opts.openai ?? {};
  let chatMeter = createInFlightMeter();
  const modifiedAt = '2025-10-01T12:00:00.000000000Z';
  let stats = emptyStats();
  /** Digests of the request bodies answered in full, for `repeatsByEndpoint`. */
  let answered = new Set<string>();
  /** Digests of (model, text) pairs received by /api/embed, for `duplicateEmbedInputs`. */
  let embedded = new Set<string>();
  let modelCallsOpen = 0;
  let embedCallsOpen = 0;

  function count(endpoint: string, model: string | null) {
    stats.calls++;
    stats.byEndpoint[endpoint] = (stats.byEndpoint[endpoint] ?? 0) + 1;
    if (model) {
      stats.byModel[model] = (stats.byModel[model] ?? 0) + 1;
      const e = (stats.byEndpointModel[endpoint] ??= {});
      e[model] = (e[model] ?? 0) + 1;
    }
  }

  const transportFaults = (ctx: ReqCtx, model: string, fault: FaultDecision, api?: 'ollama' | 'openai') =>
    applyTransportFaults(ctx, model, fault, stats, api);

  function reset() {
    stats = emptyStats();
    answered = new Set();
    embedded = new Set();
    chatMeter = createInFlightMeter();
    habits.reset();
  }

  /** A model call whose exact body was answered in full before; this one is noted once it is answered. */
  function countRepeat(path: string, raw: string, res: http.ServerResponse) {
    const seen = createHash('sha256').update(path).update(raw).digest('base64');
    if (answered.has(seen)) stats.repeatsByEndpoint[path] = (stats.repeatsByEndpoint[path] ?? 0) + 1;
    const ledger = answered;
    res.on('finish', () => {
      if (res.statusCode === 200) ledger.add(seen);
    });
  }

  /** Prompt size and embedding inputs, the two things a client can waste on the model. */
  function countContent(path: string, model: string, body: Record<string, unknown>) {
    if (path === '/api/embed' || path === '/v1/embeddings') {
      for (const t of embedTexts(body) ?? []) {
        const key = createHash('sha256').update(model).update('\u0000').update(t).digest('base64');
        stats.embedInputs++;
        if (embedded.has(key)) stats.duplicateEmbedInputs++;
        else embedded.add(key);
      }
      return;
    }
    const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
    for (const m of messages) stats.promptChars += String(m.content ?? '').length;
    if (body.format && typeof body.format === 'object')
      stats.formatChars += JSON.stringify(body.format).length;
    for (const k of ['system', 'prompt'] as const)
      if (typeof body[k] === 'string') stats.promptChars += (body[k] as string).length;
  }

  async function route(ctx: ReqCtx) {
    const { req, res } = ctx;
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    if (path === '/' && (method === 'GET' || method === 'HEAD')) return void res.end('Ollama is running');
    if (path === '/__sim/stats') return sendJson(res, 200, snapshot());
    if (path === '/__sim/habits' && method === 'GET') return sendJson(res, 200, habits.config);
    if (path === '/__sim/habits' && method === 'POST') {
      habits.set(JSON.parse((await readBody(req)) || '{}') as SimHabits);
      return sendJson(res, 200, habits.config);
    }
    if (path.startsWith('/v1/'))
      return routeOpenAi(ctx, path, method, {
        openai,
        installed,
        planner,
        habits,
        count,
        countContent,
        countRepeat,
        transportFaults,
        onTruncatedPrompt: () => stats.truncatedPrompts++,
      });
    if (path === '/__sim/faults' && method === 'GET') return sendJson(res, 200, planner.config);
    if (path === '/__sim/faults' && method === 'POST') {
      planner.set(JSON.parse((await readBody(req)) || '{}') as SimFaults);
      return sendJson(res, 200, planner.config);
    }
    if (path === '/__sim/reset' && method === 'POST') return (reset(), sendJson(res, 200, { ok: true }));
    if (path === '/api/version' && method === 'GET')
      return (count(path, null), sendJson(res, 200, { version: opts.version ?? '0.12.6' }));
    if (path === '/api/tags' && method === 'GET') {
      count(path, null);
      return sendJson(res, 200, { models: [...installed.values()].map((m) => tagEntry(m, modifiedAt)) });
    }
    if (path === '/api/ps' && method === 'GET')
      return (count(path, null), sendJson(res, 200, { models: [] }));
    if (!path.startsWith('/api/'))
      return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
    if (method !== 'POST')
      return void res.writeHead(405, { 'Content-Type': 'text/plain' }).end('405 method not allowed');

    const raw = await readBody(req);
    const body = jsonObject(raw);
    if (body instanceof Error)
      return sendError(res, 400, `invalid character in request body: ${body.message}`);
    const name = typeof body.model === 'string' ? body.model : typeof body.name === 'string' ? body.name : '';
    if (!name) return (count(path, null), sendError(res, 400, 'model is required'));
    const modelName = withTag(name);
    count(path, modelName);

    if (path === '/api/pull') return pull(ctx, modelName, body, raw);
    const model = installed.get(modelName);
    if (path === '/api/show') {
      return model
        ? sendJson(res, 200, showEntry(model, modifiedAt))
        : sendError(res, 404, `model '${name}' not found`);
    }
    const isContent = CONTENT_ENDPOINTS.has(path);
    if (!isContent && path !== '/api/embed') return sendError(res, 404, `unsupported endpoint ${path}`);
    countContent(path, modelName, body);
    countRepeat(path, raw, res);
    const allowed = isContent ? FAULT_KINDS : TRANSPORT_FAULTS;
    const fault = planner.decide(modelName, raw, req.headers, allowed);
    if (!(await transportFaults(ctx, modelName, fault))) return;
    if (!model) return sendError(res, 404, `model "${name}" not found, try pulling it first`);
    if (path === '/api/embed') return handleEmbed(ctx, model, body, fault);
    if (model.kind !== 'chat')
      return sendError(res, 400, `"${name}" does not support ${path === '/api/chat' ? 'chat' : 'generate'}`);
    return handleGenerate(ctx, {
      endpoint: path === '/api/chat' ? 'chat' : 'generate',
      model,
      body,
      fault,
      habits,
      onTruncatedPrompt: () => stats.truncatedPrompts++,
    });
  }

  function snapshot(): SimStats {
    return { ...structuredClone(stats), chatInFlight: chatMeter.read(), habits: habits.log() };
  }

  async function pull(ctx: ReqCtx, name: string, body: Record<string, unknown>, raw: string) {
    const fault = planner.decide(name, raw, ctx.req.headers, ['http500', 'stall', 'drop']);
    if (!(await transportFaults(ctx, name, fault))) return;
    await answerPull(ctx, {
      name,
      target: registry.get(name),
      stream: body.stream !== false,
      fault,
      stepMs: opts.pullStepMs,
      install: (target) => installed.set(name, target),
    });
  }

  const server = http.createServer((req, res) => {
    const ctl = new AbortController();
    res.on('close', () => ctl.abort());
    const endpoint = (req.url ?? '/').split('?')[0]!;
    // Counted on the stats object current at arrival, so a reset in between does not go negative.
    const s = stats;
    s.inFlight++;
    s.inFlightByEndpoint[endpoint] = (s.inFlightByEndpoint[endpoint] ?? 0) + 1;
    const modelCall = MODEL_ENDPOINTS.has(endpoint);
    if (modelCall) s.peakModelCalls = Math.max(s.peakModelCalls, ++modelCallsOpen);
    const embedCall = EMBED_ENDPOINTS.has(endpoint);
    if (embedCall) s.peakEmbedCalls = Math.max(s.peakEmbedCalls, ++embedCallsOpen);
    const meter = CHAT_ENDPOINTS.has(endpoint) && req.method === 'POST' ? chatMeter : null;
    meter?.start();
    res.on('close', () => {
      s.inFlight--;
      s.inFlightByEndpoint[endpoint]!--;
      if (modelCall) modelCallsOpen--;
      if (embedCall) embedCallsOpen--;
      meter?.end();
    });
    route({ req, res, signal: ctl.signal }).catch((e: unknown) => {
      if (!res.headersSent) sendError(res, 500, (e as Error).message);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    port,
    stats: snapshot,
    resetStats: reset,
    setFaults: (f) => planner.set(f),
    setHabits: (h) => habits.set(h),
    installed: () => [...installed.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
