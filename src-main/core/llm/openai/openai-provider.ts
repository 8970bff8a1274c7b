import { createServedProvider, type ServedModelOptions, type ServedProvider } from '../served-provider';
import { createOpenAiServer } from './openai-server';

export interface OpenAiProviderOptions extends ServedModelOptions {
  /** e.g. http://127.0.0.1:1234/v1; an address without a path gets /v1. */
  baseUrl: string;
  /** More servers with the same models (a lab server beside the laptop); calls spread over all. */
  moreUrls?: string[];
  /** Sent as `Authorization: Bearer …` to every endpoint; never logged. */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

/** The `openai` provider: any OpenAI-compatible server (LM Studio, llama.cpp, vLLM…), wrapped like every provider. */
export function createOpenAiProvider(opts: OpenAiProviderOptions): ServedProvider {
  const servers = [opts.baseUrl, ...(opts.moreUrls ?? [])].map((baseUrl) =>
    createOpenAiServer({ baseUrl, apiKey: opts.apiKey, headers: opts.headers }),
  );
  return createServedProvider({ ...opts, name: 'openai', servers });
}
