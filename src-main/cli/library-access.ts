import { AriadneError, isAriadneError } from '../contract/errors';
import type { Input, MethodName, Output, StreamItem } from '../contract/methods';
import type { Logger } from '../core/deps';
import { createDispatcher } from '../rpc/dispatch';
import { connectToHolder, shareLibrary } from '../rpc/server/library-endpoint';
import { type GlobalOptions, bootFromOptions } from './global-options';

export interface LibraryAccess {
  call<M extends MethodName>(
    method: M,
    input: Input<M>,
    onItem?: (item: StreamItem<M>) => void,
  ): Promise<Output<M>>;
  /** The process whose library this goes through, or null when this process opened it. */
  readonly holder: number | null;
  readonly providerNote: string | null;
  close(): Promise<void>;
}

/**
 * The library for a command that only reads (status, search, ask, entities): opened here when it is
 * free, with the queue paused (a look must not start work) and shared for other commands meanwhile;
 * when another process holds it, every call goes through that process's endpoint instead of failing
 * "in use". Streamed items (answer tokens) arrive only when the library is opened here.
 */
export async function openLibraryAccess(
  g: GlobalOptions,
  log: Logger,
  opts: { llm?: GlobalOptions['llm'] } = {},
): Promise<LibraryAccess> {
  let booted: Awaited<ReturnType<typeof bootFromOptions>>;
  try {
    // Paused from the start: jobs a killed run left 'running' would otherwise resume before a pause
    // could stop them, and closing then ended a worker with a task pending ("An ingest worker stopped").
    booted = await bootFromOptions({ ...g, llm: opts.llm ?? g.llm }, log, { readOnly: true });
  } catch (e) {
    if (!isAriadneError(e) || e.code !== 'library_locked') throw e;
    const remote = connectToHolder(g.data);
    if (!remote) throw e;
    return {
      call: (m, input) => remote.call(m, input),
      holder: remote.pid,
      providerNote: null,
      close: async () => {},
    };
  }
  const { core, providerNote } = booted;
  const dispatcher = createDispatcher(core.handlers, log);
  const shared = await shareLibrary({ dataDir: g.data, dispatcher, events: core.events, log });
  return {
    holder: null,
    providerNote,
    async call(method, input, onItem) {
      const res = await dispatcher.call(method, input, {
        signal: new AbortController().signal,
        emit: (item) => onItem?.(item as StreamItem<typeof method>),
      });
      if (!res.ok) throw new AriadneError(res.error.code, res.error.message);
      return res.data as Output<typeof method>;
    },
    async close() {
      await shared.close();
      await core.close();
    },
  };
}

/**
 * The library for a command that works on it (ingest, retry): opened here, with its queue running, and shared
 * on 127.0.0.1 meanwhile so that `status`, `search` and `ask` go through this process instead of failing
 * "in use". `close` stops sharing, then closes the core.
 */
export async function holdLibrary(g: GlobalOptions, log: Logger) {
  const { core, providerNote } = await bootFromOptions(g, log);
  const dispatcher = createDispatcher(core.handlers, log);
  const shared = await shareLibrary({ dataDir: g.data, dispatcher, events: core.events, log });
  return {
    core,
    providerNote,
    async close() {
      await shared.close();
      await core.close();
    },
  };
}
