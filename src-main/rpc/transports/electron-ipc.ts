import { ipcMain, type WebContents } from 'electron';
import { methodNames, type ServerFrame } from '../../contract';
import type { EventBus } from '../../core/event-bus';
import type { Dispatcher } from '../dispatch';
import { createRpcSession, type RpcSession } from '../session';

/** Channels shared with the preload. */
export const IPC = { call: (m: string) => `rpc:${m}`, cancel: 'rpc:cancel', frame: 'rpc:frame' } as const;

/**
 * Electron IPC transport: one ipcMain handler per contract method (the preload mirrors them one to one).
 * Every message's sender must be a frame of our own app:// origin, so a compromised or navigated-away
 * page cannot drive the backend.
 */
export function registerIpcTransport(
  dispatcher: Dispatcher,
  events: EventBus,
  isTrustedUrl: (url: string) => boolean,
): () => void {
  const sessions = new Map<number, RpcSession>();

  const sessionFor = (wc: WebContents) => {
    let s = sessions.get(wc.id);
    if (!s) {
      s = createRpcSession(
        dispatcher,
        (frame: ServerFrame) => {
          if (!wc.isDestroyed()) wc.send(IPC.frame, frame);
        },
        { events },
      );
      sessions.set(wc.id, s);
      wc.once('destroyed', () => {
        sessions.get(wc.id)?.close();
        sessions.delete(wc.id);
      });
    }
    return s;
  };

  const trusted = (e: Electron.IpcMainEvent | Electron.IpcMainInvokeEvent) => {
    const url = e.senderFrame?.url ?? '';
    return isTrustedUrl(url);
  };

  for (const method of methodNames) {
    ipcMain.handle(IPC.call(method), (e, params: unknown, id: unknown) => {
      if (!trusted(e) || typeof id !== 'string') throw new Error('Rejected IPC from an untrusted sender.');
      sessionFor(e.sender).receive({ type: 'call', id, method, params });
    });
  }
  const onCancel = (e: Electron.IpcMainEvent, id: unknown) => {
    if (trusted(e) && typeof id === 'string') sessionFor(e.sender).receive({ type: 'cancel', id });
  };
  ipcMain.on(IPC.cancel, onCancel);

  return () => {
    for (const method of methodNames) ipcMain.removeHandler(IPC.call(method));
    ipcMain.off(IPC.cancel, onCancel);
    for (const s of sessions.values()) s.close();
    sessions.clear();
  };
}
