import { create } from 'zustand';

export interface Notice {
  id: number;
  kind: 'info' | 'ok' | 'error';
  text: string;
}

interface NoticeState {
  notices: Notice[];
  push(kind: Notice['kind'], text: string): void;
  dismiss(id: number): void;
}

let next = 1;

/** Short-lived messages ("2 added, 1 duplicate") shown as toasts; errors stay until dismissed. */
export const useNoticeStore = create<NoticeState>((set, get) => ({
  notices: [],
  push(kind, text) {
    const id = next++;
    set({ notices: [...get().notices.slice(-3), { id, kind, text }] });
    if (kind !== 'error') setTimeout(() => get().dismiss(id), 6000);
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
}));
