import { create } from 'zustand';
import type { AnswerCitation, QaMode, TraceStep } from '../../src-main/contract/qa';
import { describeError, type UiClient, type UiOutput } from '../api/rpc';

export interface Turn {
  key: string;
  question: string;
  answer: string;
  citations: AnswerCitation[];
  trace: TraceStep[];
  status: 'streaming' | 'done' | 'stopped' | 'error';
  error?: string;
  mode?: string;
  insufficient?: boolean;
}

type ConversationHeader = UiOutput<'chat:list'>['conversations'][number];

interface ChatState {
  mode: QaMode;
  conversations: ConversationHeader[];
  conversationId: string | null;
  turns: Turn[];
  controller: AbortController | null;
  setMode(mode: QaMode): void;
  loadList(api: UiClient): Promise<void>;
  open(api: UiClient, id: string): Promise<void>;
  startNew(): void;
  remove(api: UiClient, id: string): Promise<void>;
  ask(api: UiClient, question: string): Promise<void>;
  stop(): void;
}

let seq = 0;

/** Chat state survives switching sections; conversations themselves are stored per library by the backend. */
export const useChatStore = create<ChatState>((set, get) => {
  const patch = (key: string, f: (t: Turn) => Partial<Turn>) =>
    set({ turns: get().turns.map((t) => (t.key === key ? { ...t, ...f(t) } : t)) });
  return {
    mode: 'auto',
    conversations: [],
    conversationId: null,
    turns: [],
    controller: null,
    setMode: (mode) => set({ mode }),
    async loadList(api) {
      const r = await api.call('chat:list', {}).catch(() => null);
      if (r) set({ conversations: r.conversations });
    },
    async open(api, id) {
      get().stop();
      const c = await api.call('chat:get', { id });
      set({
        conversationId: c.id,
        turns: c.turns.map((t) => ({
          key: `t${seq++}`,
          question: t.question,
          answer: t.answer.answer,
          citations: t.answer.citations,
          trace: t.answer.trace,
          status: 'done',
          mode: t.answer.mode,
          insufficient: t.answer.insufficient,
        })),
      });
    },
    startNew() {
      get().stop();
      set({ conversationId: null, turns: [] });
    },
    async remove(api, id) {
      await api.call('chat:delete', { id });
      if (get().conversationId === id) get().startNew();
      await get().loadList(api);
    },
    async ask(api, question) {
      if (get().controller) return;
      const key = `t${seq++}`;
      const controller = new AbortController();
      set({
        controller,
        turns: [...get().turns, { key, question, answer: '', citations: [], trace: [], status: 'streaming' }],
      });
      try {
        const cid = get().conversationId;
        const res = await api.call(
          'qa:ask',
          { question, mode: get().mode, ...(cid ? { conversationId: cid } : {}) },
          {
            signal: controller.signal,
            onItem: (item) => {
              if (item.type === 'token') patch(key, (t) => ({ answer: t.answer + item.text }));
              else if (item.type === 'trace') patch(key, (t) => ({ trace: [...t.trace, item.step] }));
              else patch(key, () => ({ citations: item.citations }));
            },
          },
        );
        patch(key, (t) => ({
          answer: res.answer,
          citations: res.citations,
          trace: res.trace.length ? res.trace : t.trace,
          status: 'done',
          mode: res.mode,
          insufficient: res.insufficient,
        }));
        if (res.conversationId) set({ conversationId: res.conversationId });
        void get().loadList(api);
      } catch (e) {
        const d = describeError(e);
        if (controller.signal.aborted || d.code === 'cancelled') patch(key, () => ({ status: 'stopped' }));
        else patch(key, () => ({ status: 'error', error: d.message }));
      } finally {
        set({ controller: null });
      }
    },
    stop() {
      const c = get().controller;
      if (!c) return;
      c.abort();
      // Mark the turn now: the backend's "cancelled" result may arrive later or not at all.
      set({
        controller: null,
        turns: get().turns.map((t) => (t.status === 'streaming' ? { ...t, status: 'stopped' } : t)),
      });
    },
  };
});
