import type { z } from 'zod';
import {
  AriadneError,
  type AppHealth,
  type RpcClient,
  type appMethods,
  type llmMethods,
} from '../../src-main/contract';
import type { citationMethods } from '../../src-main/contract/citations';
import type { contradictionMethods } from '../../src-main/contract/contradictions';
import type { duplicateMethods } from '../../src-main/contract/duplicates';
import type { exportMethods } from '../../src-main/contract/export';
import type { layoutMethods } from '../../src-main/contract/layout';
import type { graphEvents, graphMethods } from '../../src-main/contract/graph';
import type { libraryEvents, libraryMethods } from '../../src-main/contract/library';
import type { qaMethods } from '../../src-main/contract/qa';
import type { readingMethods } from '../../src-main/contract/reading';
import type { settingsMethods } from '../../src-main/contract/settings';
import type { snapshotMethods } from '../../src-main/contract/snapshots';
import { useApi } from './api-context';

/**
 * Every contract domain the screens use, settings included. The backend adds a domain to `methods.ts`
 * when its handlers land; typing calls against the domain files lets a screen compile (and show a clear
 * "not available yet" message at run time) before then.
 */
type UiMethods = typeof appMethods &
  typeof llmMethods &
  typeof libraryMethods &
  typeof readingMethods &
  typeof graphMethods &
  typeof qaMethods &
  typeof settingsMethods &
  typeof snapshotMethods &
  typeof exportMethods &
  typeof citationMethods &
  typeof layoutMethods &
  typeof contradictionMethods &
  typeof duplicateMethods;
export type UiMethod = keyof UiMethods;
export type UiInput<M extends UiMethod> = z.input<UiMethods[M]['input']>;
export type UiOutput<M extends UiMethod> = z.output<UiMethods[M]['output']>;
export type UiItem<M extends UiMethod> = UiMethods[M] extends { stream?: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : never;

type UiEvents = typeof libraryEvents & typeof graphEvents & { 'app:health-changed': z.ZodType<AppHealth> };
export type UiEvent = keyof UiEvents;

export interface UiClient {
  call<M extends UiMethod>(
    method: M,
    input: UiInput<M>,
    opts?: { onItem?: (item: UiItem<M>) => void; signal?: AbortSignal },
  ): Promise<UiOutput<M>>;
  on<E extends UiEvent>(name: E, listener: (payload: z.output<UiEvents[E]>) => void): () => void;
}

/** The same client as useApi(), typed over every domain; the wire does not care which table a name is in. */
export function asUiClient(client: RpcClient): UiClient {
  return client as unknown as UiClient;
}

export function useRpc(): UiClient {
  return asUiClient(useApi());
}

/** Plain words for an error, and whether trying again could help. */
export function describeError(e: unknown): { message: string; retryable: boolean; code: string } {
  if (e instanceof AriadneError) {
    switch (e.code) {
      case 'unknown_method':
        return {
          code: e.code,
          retryable: true,
          message: 'This part of Ariadne is not available in this build of the backend yet.',
        };
      case 'server_unreachable':
        return {
          code: e.code,
          retryable: true,
          message: `${e.message} ${
            (e.action as { kind?: string } | undefined)?.kind === 'start-ollama'
              ? 'Start it (`ollama serve`)'
              : 'Start the model server or correct its address'
          } or switch to the built-in provider in Settings.`,
        };
      case 'server_refused':
        return { code: e.code, retryable: false, message: `${e.message} Enter its API key in Settings.` };
      case 'model_missing':
        return { code: e.code, retryable: true, message: `${e.message} Pull the model in Settings.` };
      case 'cancelled':
        return { code: e.code, retryable: true, message: 'Stopped.' };
      default:
        return { code: e.code, retryable: e.retryable || e.code === 'timeout', message: e.message };
    }
  }
  return { code: 'internal', retryable: true, message: e instanceof Error ? e.message : String(e) };
}
