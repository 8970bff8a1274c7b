import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { methodNames } from '../contract/methods';

// Kept in step with src-main/rpc/transports/electron-ipc.ts (a sandboxed preload cannot import it).
const IPC = { call: (m: string) => `rpc:${m}`, cancel: 'rpc:cancel', frame: 'rpc:frame' } as const;

/**
 * One function per contract method — nothing generic such as `invoke(channel)` is exposed, so the page
 * can reach exactly the API the contract defines. Results and streamed items arrive as frames.
 */
const api: Record<string, unknown> = {};
for (const method of methodNames) {
  api[method] = (params: unknown, callId: string) => ipcRenderer.invoke(IPC.call(method), params, callId);
}
api.cancel = (callId: string) => ipcRenderer.send(IPC.cancel, callId);
api.onFrame = (listener: (frame: unknown) => void) => {
  const wrapped = (_e: Electron.IpcRendererEvent, frame: unknown) => listener(frame);
  ipcRenderer.on(IPC.frame, wrapped);
  return () => ipcRenderer.off(IPC.frame, wrapped);
};
api.pathForFile = (file: File) => webUtils.getPathForFile(file);

contextBridge.exposeInMainWorld('api', api);
