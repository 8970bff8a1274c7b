import fs from 'node:fs';
import path from 'node:path';
import { normaliseBaseUrl } from './llm/openai/openai-server';
import { trimEndChars } from './nlp/trim-chars';
import {
  DEFAULT_OLLAMA_HOST,
  DEFAULT_OPENAI_BASE_URL,
  ProviderKind,
  type LlmSettings,
} from '../contract/llm';

/**
 * What the command line or the environment says about the model provider. Each given value wins over the
 * library's saved settings; what is not given comes from them, then from the defaults.
 */
export interface LlmOverrides {
  llm?: ProviderKind;
  /** Where `llm` came from, in words: "--llm on the command line", "ARIADNE_LLM in the environment". */
  llmSource?: string;
  ollamaUrl?: string;
  baseUrl?: string;
  apiKey?: string;
  extraEndpoints?: string[];
  chatModel?: string;
  embedModel?: string;
}

/** The provider to start, and why. */
export interface LlmDecision {
  kind: ProviderKind;
  host: string;
  baseUrl: string;
  apiKey: string | null;
  extraEndpoints: string[];
  chatModel: string | null;
  embedModel: string | null;
  /** "saved in Settings", "--llm on the command line", "the default". */
  reason: string;
  /**
   * A provider asked for on the command line or in the environment must start or fail with what to do; one
   * saved in Settings falls back to the built-in engine (saying why), so the window always opens.
   */
  strict: boolean;
}

/**
 * The one place that decides which provider a library starts with, for the desktop shell and the CLI alike:
 * overrides (flags, environment), then the library's saved settings, then the defaults. Pure, so the desktop
 * shell's boot path is tested without Electron.
 */
export function decideLlm(
  saved: Partial<LlmSettings> | null,
  overrides: LlmOverrides,
  storedApiKey: string | null,
): LlmDecision {
  const savedKind = saved?.provider;
  const kind = overrides.llm ?? savedKind ?? 'auto';
  // Saved model names belong to the saved provider: another provider asked for by flag chooses its own.
  const savedModels = !overrides.llm || overrides.llm === savedKind;
  return {
    kind,
    host: normaliseOllamaUrl(overrides.ollamaUrl ?? saved?.host ?? DEFAULT_OLLAMA_HOST),
    baseUrl: normaliseBaseUrl(overrides.baseUrl ?? saved?.baseUrl ?? DEFAULT_OPENAI_BASE_URL),
    apiKey: overrides.apiKey || storedApiKey || null,
    extraEndpoints: overrides.extraEndpoints ?? saved?.extraEndpoints ?? [],
    chatModel: overrides.chatModel ?? (savedModels ? (saved?.chatModel ?? null) : null),
    embedModel: overrides.embedModel ?? (savedModels ? (saved?.embedModel ?? null) : null),
    reason: overrides.llm
      ? (overrides.llmSource ?? 'asked for at start')
      : savedKind
        ? 'saved in Settings'
        : 'the default',
    strict: Boolean(overrides.llm),
  };
}

/**
 * The model settings saved in a library (settings.json's `app`), read before the library is opened: the
 * provider is built first and the core around it. A missing or unreadable file is "nothing saved" here; opening
 * the library reports a corrupt one.
 */
export function readSavedLlmSettings(dataDir: string): Partial<LlmSettings> | null {
  let app: unknown;
  try {
    app = (JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')) as { app?: unknown }).app;
  } catch {
    return null;
  }
  if (!app || typeof app !== 'object') return null;
  const a = app as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const kind = ProviderKind.safeParse(a.provider);
  return {
    ...(kind.success ? { provider: kind.data } : {}),
    ...(str(a.host) ? { host: str(a.host) } : {}),
    ...(str(a.baseUrl) ? { baseUrl: str(a.baseUrl) } : {}),
    ...(Array.isArray(a.extraEndpoints)
      ? { extraEndpoints: a.extraEndpoints.filter((u): u is string => typeof u === 'string') }
      : {}),
    ...(a.chatModel === null || str(a.chatModel) ? { chatModel: str(a.chatModel) ?? null } : {}),
    ...(a.embedModel === null || str(a.embedModel) ? { embedModel: str(a.embedModel) ?? null } : {}),
  };
}

/** The desktop shell's overrides: the environment only (it has no command line of its own). */
export function overridesFromEnv(env: NodeJS.ProcessEnv): LlmOverrides {
  const kind = ProviderKind.safeParse(env.ARIADNE_LLM);
  const list = env.ARIADNE_ENDPOINTS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    ...(kind.success ? { llm: kind.data, llmSource: 'ARIADNE_LLM in the environment' } : {}),
    ...(env.OLLAMA_HOST ? { ollamaUrl: env.OLLAMA_HOST } : {}),
    ...(env.ARIADNE_BASE_URL ? { baseUrl: env.ARIADNE_BASE_URL } : {}),
    ...(env.ARIADNE_API_KEY ? { apiKey: env.ARIADNE_API_KEY } : {}),
    ...(list?.length ? { extraEndpoints: list } : {}),
    ...(env.ARIADNE_CHAT_MODEL ? { chatModel: env.ARIADNE_CHAT_MODEL } : {}),
    ...(env.ARIADNE_EMBED_MODEL ? { embedModel: env.ARIADNE_EMBED_MODEL } : {}),
  };
}

/** OLLAMA_HOST may be "host:port" without a scheme, as Ollama itself accepts. */
export function normaliseOllamaUrl(raw: string): string {
  const withScheme = /^https?:\/\//.test(raw) ? raw : `http://${raw}`;
  return trimEndChars(withScheme, '/');
}

/**
 * What the desktop shell boots with: the library's saved settings, overridden by the environment only (the
 * shell has no command line of its own). The shell calls this; the boot-path test calls the same.
 */
export function desktopBootOptions(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): LlmOverrides & { dataDir: string } {
  return { dataDir, ...overridesFromEnv(env) };
}
