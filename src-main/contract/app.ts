import { z } from 'zod';
import { Empty, method } from './define';

export const ProviderName = z.enum(['builtin', 'ollama', 'openai']);
export type ProviderName = z.infer<typeof ProviderName>;

export const AppInfo = z.object({
  name: z.literal('Ariadne'),
  version: z.string(),
  dataDir: z.string(),
  provider: ProviderName,
  /** Where the backend runs: the Electron main process or `ariadne serve`. */
  host: z.enum(['electron', 'serve', 'test']),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const HealthCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  /** What the user should do when the check fails. */
  fix: z.string().optional(),
});
export type HealthCheck = z.infer<typeof HealthCheck>;

export const AppHealth = z.object({
  ok: z.boolean(),
  provider: ProviderName,
  /** Provider detail for the status bar, e.g. "ollama 0.12.3 at http://127.0.0.1:11434". */
  providerDetail: z.string(),
  /** Why this provider runs: "saved in Settings", "--llm on the command line", "Ollama is not running…". */
  providerReason: z.string().optional(),
  chatModel: z.string().nullable(),
  embedModel: z.string().nullable(),
  checks: z.array(HealthCheck),
  uptimeMs: z.number(),
});
export type AppHealth = z.infer<typeof AppHealth>;

export const appMethods = {
  'app:info': method({ input: Empty, output: AppInfo, summary: 'Version, data folder and active provider.' }),
  'app:health': method({
    input: Empty,
    output: AppHealth,
    summary: 'Health of the library, the LLM provider and its models.',
  }),
};
