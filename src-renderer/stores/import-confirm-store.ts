import { create } from 'zustand';
import type { ImportEstimate } from '../../src-main/contract/library';

interface ImportConfirmState {
  /** The batch waiting for an answer, with its estimate; null when nothing is asked. */
  pending: { estimate: ImportEstimate; answer(ok: boolean): void } | null;
  /** Shows the estimate and resolves with the user's answer (true: index them). */
  ask(estimate: ImportEstimate): Promise<boolean>;
}

/** The question a long batch asks before it is indexed; answered by ImportConfirmDialog. */
export const useImportConfirmStore = create<ImportConfirmState>((set, get) => ({
  pending: null,
  ask(estimate) {
    // A second drop while one is asked cancels the first: one question at a time.
    get().pending?.answer(false);
    return new Promise<boolean>((resolve) =>
      set({
        pending: {
          estimate,
          answer(ok) {
            set({ pending: null });
            resolve(ok);
          },
        },
      }),
    );
  },
}));
