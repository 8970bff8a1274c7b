import type { MethodName, Output, ParsedInput, StreamItem } from './methods';

/** What a handler gets besides its validated input: a way to stream items and to notice cancellation. */
export interface CallContext<S = unknown> {
  signal: AbortSignal;
  emit(item: S): void;
}

/** The backend's implementation of the contract; the core builds one `{…} satisfies ApiHandlers`. */
export type ApiHandlers = {
  [M in MethodName]: (input: ParsedInput<M>, ctx: CallContext<StreamItem<M>>) => Promise<Output<M>>;
};
