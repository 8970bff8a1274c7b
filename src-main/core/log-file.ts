import fs from 'node:fs';
import path from 'node:path';
import type { Logger, LogLevel } from './deps';

const ORDER: LogLevel[] = ['debug', 'info', 'warn', 'error'];
/** Past this size the log is moved to ariadne.log.1 when a command opens it: two files at most. */
const MAX_BYTES = 10 * 1024 * 1024;

export function logFileOf(dataDir: string): string {
  return path.join(dataDir, 'logs', 'ariadne.log');
}

/**
 * The structured log of the CLI and the desktop app: JSON lines appended to `<library>/logs/ariadne.log`,
 * and to stderr as well only when asked (`--verbose`, ARIADNE_VERBOSE=1), so a log line never lands among
 * the human output of a command or of `npm start`. Writes are synchronous (one
 * `appendFileSync` per line) so the lines before a crash or a `process.exit` are kept.
 */
export function createFileLogger(opts: { dataDir: string; verbose?: boolean; level?: LogLevel }): Logger {
  const file = logFileOf(opts.dataDir);
  const min = ORDER.indexOf(opts.level ?? (process.env.ARIADNE_LOG_LEVEL === 'debug' ? 'debug' : 'info'));
  let writable = true;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if ((fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_BYTES)
      fs.renameSync(file, `${file}.1`);
  } catch {
    writable = false; // an unwritable library is reported by the command itself; logging must not fail it
  }
  const make = (base: Record<string, unknown>): Logger => ({
    log(level, msg, fields) {
      if (ORDER.indexOf(level) < min) return;
      const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...base, ...fields }) + '\n';
      if (opts.verbose) process.stderr.write(line);
      if (!writable) return;
      try {
        fs.appendFileSync(file, line);
      } catch {
        writable = false;
      }
    },
    child(fields) {
      return make({ ...base, ...fields });
    },
  });
  return make({ pid: process.pid });
}
