import {
  createRpcClient,
  type ClientFrame,
  type ClientTransport,
  type RpcClient,
  type ServerFrame,
} from '../../src-main/contract';
import type { PreloadApi } from './bridge';

/**
 * The only door to the backend. In Electron it rides the preload's per-method functions; in a browser
 * (`ariadne serve`) it rides a WebSocket authenticated by the token the page URL brought (see takeToken).
 */
export function createClient(): { client: RpcClient; mode: 'electron' | 'browser'; token: string | null } {
  if (window.api)
    return { client: createRpcClient(preloadTransport(window.api)), mode: 'electron', token: null };
  const token = takeToken();
  return { client: createRpcClient(webSocketTransport(token ?? '')), mode: 'browser', token };
}

/**
 * The library token `ariadne serve` put in the page URL, moved out of it: kept for this tab (a reload
 * still connects) and replaced in the address bar and its history entry, so the URL a user copies, shares
 * or finds in the history no longer opens the library.
 */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const given = url.searchParams.get('token');
  if (given === null) return sessionStorage.getItem(TOKEN_KEY);
  sessionStorage.setItem(TOKEN_KEY, given);
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return given;
}

const TOKEN_KEY = 'ariadne.token';

function preloadTransport(api: PreloadApi): ClientTransport {
  return {
    send(frame: ClientFrame) {
      if (frame.type === 'cancel') api.cancel(frame.id);
      else void api[frame.method as keyof PreloadApi & `${string}:${string}`](frame.params, frame.id);
    },
    onFrame: (listener) => api.onFrame(listener),
  };
}

/** Reconnects with backoff; calls made while disconnected wait in a queue instead of failing. */
function webSocketTransport(token: string): ClientTransport {
  const listeners = new Set<(f: ServerFrame) => void>();
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let delay = 250;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc?token=${encodeURIComponent(token)}`;

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      delay = 250;
      for (const msg of queue.splice(0)) ws.send(msg);
      window.dispatchEvent(new CustomEvent('ariadne:connection', { detail: 'open' }));
    };
    ws.onmessage = (ev) => {
      const frame = JSON.parse(String(ev.data)) as ServerFrame;
      listeners.forEach((l) => l(frame));
    };
    ws.onclose = () => {
      window.dispatchEvent(new CustomEvent('ariadne:connection', { detail: 'closed' }));
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  connect();

  return {
    send(frame) {
      const msg = JSON.stringify(frame);
      if (socket?.readyState === WebSocket.OPEN) socket.send(msg);
      else queue.push(msg);
    },
    onFrame(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
