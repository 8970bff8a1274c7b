import { create } from 'zustand';

/** One accepted merge (a pair or a whole group), undoable from the history list. */
export interface MergeHistoryEntry {
  id: number;
  text: string;
  /** Merge records to undo, in one `graph:undo-merge`. */
  mergeIds: string[];
  undone: boolean;
}

interface MergeHistoryState {
  entries: MergeHistoryEntry[];
  /** Pairs the reader said are not the same ("a|b", ids sorted): not offered again. */
  rejected: Set<string>;
  add(text: string, mergeIds: string[]): void;
  markUndone(id: number): void;
  reject(keys: string[]): void;
}

let next = 1;

/**
 * What the reader decided in duplicate review, kept outside the panel so closing it loses neither the
 * undo of a merge nor the pairs already rejected.
 */
export const useMergeHistory = create<MergeHistoryState>((set, get) => ({
  entries: [],
  rejected: new Set(),
  add: (text, mergeIds) =>
    set({ entries: [{ id: next++, text, mergeIds, undone: false }, ...get().entries] }),
  markUndone: (id) => set({ entries: get().entries.map((e) => (e.id === id ? { ...e, undone: true } : e)) }),
  reject: (keys) => set({ rejected: new Set([...get().rejected, ...keys]) }),
}));

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
