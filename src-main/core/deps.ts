/** Time is injected so backoff, scheduling and ETAs are testable without sleeping. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** JSON lines on stderr so stdout stays clean for CLI output (`--json`). */
export function createStderrLogger(minLevel: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const min = order.indexOf(minLevel);
  return {
    log(level, msg, fields) {
      if (order.indexOf(level) < min) return;
      process.stderr.write(
        JSON.stringify({ t: new Date().toISOString(), level, msg, ...base, ...fields }) + '\n',
      );
    },
    child(fields) {
      return createStderrLogger(minLevel, { ...base, ...fields });
    },
  };
}

/** Collects log lines in memory: for tests, and for the UI's diagnostics view. */
export function createMemoryLogger(): Logger & {
  lines: { level: LogLevel; msg: string; fields: Record<string, unknown> }[];
} {
  const lines: { level: LogLevel; msg: string; fields: Record<string, unknown> }[] = [];
  const make = (base: Record<string, unknown>): Logger => ({
    log(level, msg, fields) {
      lines.push({ level, msg, fields: { ...base, ...fields } });
    },
    child(fields) {
      return make({ ...base, ...fields });
    },
  });
  return Object.assign(make({}), { lines });
}
