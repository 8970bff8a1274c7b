import type { ClientFrame, MethodName, ServerFrame } from '../../src-main/contract';

/**
 * The shape the Electron preload exposes on `window.api`: one function per contract method, plus the
 * two things every call needs (cancellation, server events). Declared here so the renderer can use it
 * without importing the preload.
 */
export type PreloadMethod = (params: unknown, callId: string) => Promise<unknown>;
export type PreloadApi = { [M in MethodName]: PreloadMethod } & {
  cancel(callId: string): void;
  onFrame(listener: (frame: ServerFrame) => void): () => void;
  /** Electron-only: the filesystem path of a dropped File (webUtils.getPathForFile). */
  pathForFile(file: File): string;
};

declare global {
  interface Window {
    api?: PreloadApi;
  }
}

export type { ClientFrame, ServerFrame };
