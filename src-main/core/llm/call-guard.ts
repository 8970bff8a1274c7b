import type { Clock } from '../deps';

/**
 * One abort signal per call that fires on the caller's cancel or on our timeout, and remembers which,
 * so the error can be classified (cancelled vs timeout). `touch()` restarts the timer: for streams the
 * timeout is an idle timeout, so a long answer that keeps flowing is never cut.
 */
export interface CallGuard {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  touch(): void;
  done(): void;
}

export function callGuard(clock: Clock, timeoutMs: number, user?: AbortSignal): CallGuard {
  const ctl = new AbortController();
  let timedOut = false;
  const fire = () => {
    timedOut = true;
    ctl.abort(new Error(`timed out after ${timeoutMs} ms`));
  };
  let timer = clock.setTimeout(fire, timeoutMs);
  const onAbort = () => ctl.abort(user?.reason);
  if (user?.aborted) onAbort();
  else user?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: ctl.signal,
    timeoutMs,
    get timedOut() {
      return timedOut;
    },
    get cancelled() {
      return !timedOut && !!user?.aborted;
    },
    touch() {
      timer.cancel();
      timer = clock.setTimeout(fire, timeoutMs);
    },
    /** Always abort at the end: it frees the socket when a stream consumer stops early. */
    done() {
      timer.cancel();
      user?.removeEventListener('abort', onAbort);
      if (!ctl.signal.aborted) ctl.abort(new Error('call finished'));
    },
  };
}
