import { createServedProvider, type ServedModelOptions, type ServedProvider } from '../served-provider';
import { createOllamaServer } from './ollama-server';

export interface OllamaProviderOptions extends ServedModelOptions {
  host: string;
  /** More Ollama servers with the same models (a lab server beside the laptop); calls spread over all. */
  moreHosts?: string[];
  keepAlive?: string | number;
  headers?: Record<string, string>;
}

export type OllamaProvider = ServedProvider;

/** The `ollama` provider: Ollama's API on one or more hosts, wrapped like every provider. */
export function createOllamaProvider(opts: OllamaProviderOptions): OllamaProvider {
  const servers = [opts.host, ...(opts.moreHosts ?? [])].map((host) =>
    createOllamaServer({ host, keepAlive: opts.keepAlive, headers: opts.headers }),
  );
  return createServedProvider({ ...opts, name: 'ollama', servers });
}
