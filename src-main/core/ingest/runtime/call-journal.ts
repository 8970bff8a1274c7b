import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * An append-only record of model replies, written synchronously the moment a reply is in hand.
 *
 * A step's output is persisted only after its side effects (graph and vector writes, grounding in a
 * worker), and the store queues writes behind one another, so without this a kill in those milliseconds
 * would throw away a finished LLM call and the restart would pay for it again. With it, a restart repeats
 * only the calls that were really in flight. Keyed by a hash of (operation, model, input): the same
 * request gets the same reply, which is what the persisted step outputs assume anyway.
 *
 * It is a cache, not a source of truth: an unreadable line is skipped, and the file is emptied whenever no
 * job is active (every reply in it has reached a persisted step by then). Emptied into `archive` when one
 * is given: the library's kept replies (`ingest-replies.ndjson`), which only `ariadne repair` reads back
 * (`replayArchive`), so a library rebuilt from its originals asks the model nothing it was answered before.
 */
export interface CallJournal {
  /** The recorded reply to this request, if a previous run received it. */
  get<T>(key: string): T | undefined;
  put(key: string, value: unknown): void;
  /** Replies from earlier runs whose key starts with `prefix` (the embedding cache reloads its own). */
  withPrefix(prefix: string): [string, unknown][];
  /** Forgets everything; called when the queue has no active job. */
  clear(): void;
  close(): void;
}

export function journalKey(op: string, model: string, input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([op, model, input]))
    .digest('base64url');
}

/** Above this the journal starts over (it only saves calls, never correctness). */
const MAX_BYTES = 256 * 1024 * 1024;
/** Above this the kept replies move to `<archive>.1` (replacing the older one) and start again. */
const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;

function loadLines(file: string, into: Map<string, unknown>): number {
  if (!fs.existsSync(file)) return 0;
  const text = fs.readFileSync(file, 'utf8');
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const { k, v } = JSON.parse(line) as { k: string; v: unknown };
      into.set(k, v);
    } catch {
      // The last line of a killed process may be cut short: that reply is simply asked for again.
    }
  }
  return Buffer.byteLength(text);
}

/** Appends the journal's replies to the kept ones; never throws (the replies only save calls). */
function keep(file: string, archive: string): void {
  try {
    if (!fs.existsSync(file)) return;
    const size = fs.existsSync(archive) ? fs.statSync(archive).size : 0;
    if (size + fs.statSync(file).size > MAX_ARCHIVE_BYTES) fs.renameSync(archive, `${archive}.1`);
    fs.appendFileSync(archive, fs.readFileSync(file));
  } catch {
    // A full disk or a missing folder: these replies are not kept.
  }
}

export function openCallJournal(
  file: string,
  opts: { archive?: string; replayArchive?: boolean } = {},
): CallJournal {
  const entries = new Map<string, unknown>();
  // Kept replies read back for a repair: apart, so emptying the journal (an idle queue) keeps them.
  const kept = new Map<string, unknown>();
  if (opts.archive && opts.replayArchive) {
    loadLines(`${opts.archive}.1`, kept);
    loadLines(opts.archive, kept);
  }
  let bytes = loadLines(file, entries);
  let fd: number | null = null;
  const open = () => (fd ??= fs.openSync(file, 'a'));
  const close = () => {
    if (fd !== null) fs.closeSync(fd);
    fd = null;
  };
  return {
    // Only replies from earlier runs are kept in memory. A reply is not handed out just once: identical
    // requests (the same entity texts embedded for resolution and again after commit) share it.
    get<T>(key: string) {
      return (entries.get(key) ?? kept.get(key)) as T | undefined;
    },
    withPrefix(prefix) {
      return [...kept, ...entries].filter(([k]) => k.startsWith(prefix));
    },
    put(key, value) {
      const line = `${JSON.stringify({ k: key, v: value })}\n`;
      if (bytes + line.length > MAX_BYTES) this.clear();
      // Synchronous on purpose: an async write could still be queued when the process is killed.
      fs.writeSync(open(), line);
      bytes += Buffer.byteLength(line);
    },
    clear() {
      entries.clear();
      bytes = 0;
      close();
      if (opts.archive) keep(file, opts.archive);
      fs.rmSync(file, { force: true });
    },
    close,
  };
}

/** For providers whose calls cost nothing to repeat (the built-in rules). */
export const noJournal: CallJournal = {
  get: () => undefined,
  put: () => undefined,
  withPrefix: () => [],
  clear: () => undefined,
  close: () => undefined,
};
