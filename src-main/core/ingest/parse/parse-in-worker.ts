import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { AriadneError } from '../../../contract/errors';
import { DEFAULT_MAX_PAGES, PARSE_MESSAGES } from './pdf';
import type { ParsedDocument, SourceKind } from './types';
import { decodeText } from './text-decoding';
import { documentOf, type ParseOutcome, type ParseWorkerApi } from './worker-api';

export interface ParserOptions {
  /** The parse worker entry: out/main/parse-worker.js in the built app, src-worker/parse-worker.ts from source. */
  workerPath: string | URL;
  /** Default 120 s; the worker is terminated when it runs out. */
  timeoutMs?: number;
  /** Default 2000 pages. */
  maxPages?: number;
  /** V8 old-generation cap for the worker, in MB. Default 1024. */
  maxMemoryMb?: number;
  /** Files larger than this are refused before parsing. Default 200 MB. */
  maxBytes?: number;
  /**
   * Parses a plain-text or Markdown file in an existing worker. Starting a worker costs a second or more;
   * text parsing is linear and has no decoder to exploit, so only PDFs and very large text files need
   * the killable worker of their own.
   */
  parseTextInPool?: (text: string, kind: SourceKind, budget: TextBudget) => Promise<ParseOutcome>;
  /**
   * Text and Markdown files larger than this are refused before parsing. Default 16 MB: about 5,000 pages,
   * past the 2,000-page limit for PDFs; a 1 MB text took about a minute to ingest with the built-in engine.
   */
  maxTextBytes?: number;
  /** Time budget for a plain-text or Markdown file, in the pool or not. Default 30 s (8 MB parse in ~0.1 s). */
  textTimeoutMs?: number;
  /**
   * Time each page read by OCR adds to a PDF's budget. Default 60 s: a dense page took 9 s on an idle 2-core
   * machine and 36 s at load average 22.
   */
  ocrPageTimeoutMs?: number;
}

/** What one parse may be given beyond the bytes. */
export interface ParseOptions {
  /** The document being read (its content id): the ingest service looks up what was asked for it. */
  document?: string;
  /** Opens an encrypted PDF; handed to the worker for this parse and kept nowhere. */
  password?: string;
  /** OCR: 'auto' (pages without a usable text layer), 'all' (every page: the user asked), 'off'. */
  ocr?: 'auto' | 'all' | 'off';
  /** Cancels the parse: the worker is terminated and the parse fails with `cancelled`. */
  signal?: AbortSignal;
  /** OCR's progress: pages read so far of the pages it reads. */
  onOcrProgress?: (done: number, total: number) => void;
}

/** What the pool needs to hold a text parse to its budget: the time and the error to fail with. */
export interface TextBudget {
  timeoutMs: number;
  onTimeout: () => Error;
}

/** Text files up to this size are parsed by `parseTextInPool` when given. */
const POOL_TEXT_MAX_BYTES = 8 * 1024 * 1024;

export interface Parser {
  /**
   * Why a file of this kind and size would be refused, or null: checked before a file is read or copied
   * into the library (a 300 MB text took 1.4 GB to be refused after reading it whole).
   */
  sizeRefusal(kind: SourceKind, bytes: number): AriadneError | null;
  parseBytes(bytes: Uint8Array, kind: SourceKind, options?: ParseOptions): Promise<ParsedDocument>;
  parseFile(file: string, options?: ParseOptions): Promise<ParsedDocument>;
  /** Stops the warm worker (a later parse starts a new one). */
  close(): Promise<void>;
  /** Workers started so far: one for many documents while they parse cleanly. */
  workersStarted(): number;
}

/**
 * A warm worker is replaced after this many documents, so whatever pdf.js caches or leaks per document stays
 * bounded even below the memory cap.
 */
const DOCUMENTS_PER_WORKER = 50;

interface WarmWorker {
  worker: Worker;
  api: Comlink.Remote<ParseWorkerApi>;
  /** Rejects when the worker errors (crash, out of memory) or exits. */
  died: Promise<never>;
  documents: number;
}

const fail = (message: string, cause?: unknown) => new AriadneError('parse_failed', message, { cause });

/** "12s", "0.05s": the timeout as the user set it. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

export function kindOfFile(file: string): SourceKind | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.md' || ext === '.markdown') return 'md';
  if (ext === '.txt' || ext === '.text') return 'txt';
  return null;
}

/**
 * Spawns a worker for one document. A .ts entry (tests, tsx runs) is loaded through tsx's ESM loader:
 * `execArgv: ['--import', 'tsx']` does not reach worker threads on Node 20, registering the loader does.
 */
function spawn(workerPath: string | URL, maxMemoryMb: number): Worker {
  const file = workerPath instanceof URL ? fileURLToPath(workerPath) : workerPath;
  const resourceLimits = {
    maxOldGenerationSizeMb: maxMemoryMb,
    maxYoungGenerationSizeMb: Math.min(64, maxMemoryMb),
  };
  if (!file.endsWith('.ts')) return new Worker(file, { resourceLimits });
  const url = JSON.stringify(pathToFileURL(file).href);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${url}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/**
 * Creates the parser the ingest pipeline uses: one warm worker, reused across documents so pdf.js is loaded
 * once (a fresh worker cost ~1.5 s of CPU per PDF), and replaced when a parse times out, when it crashes or
 * runs out of its memory cap, and after DOCUMENTS_PER_WORKER documents. Parses run one at a time.
 */
export function createParser(opts: ParserOptions): Parser {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const ocrPageTimeoutMs = opts.ocrPageTimeoutMs ?? 60_000;
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const maxMemoryMb = opts.maxMemoryMb ?? 1024;
  const maxBytes = opts.maxBytes ?? 200 * 1024 * 1024;
  const textTimeoutMs = opts.textTimeoutMs ?? 30_000;
  const maxTextBytes = opts.maxTextBytes ?? 16 * 1024 * 1024;
  const textTimeout = (kind: SourceKind) =>
    fail(
      `the ${kind === 'md' ? 'Markdown' : 'text'} parser ran past its ${formatSeconds(textTimeoutMs)} budget`,
    );
  let warm: WarmWorker | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  let started = 0;

  function start(): WarmWorker {
    const worker = spawn(opts.workerPath, maxMemoryMb);
    started++;
    // An idle warm worker must not keep a CLI process alive; a parse in flight holds its timer.
    worker.unref();
    const died = new Promise<never>((_, reject) => {
      worker.once('error', (e: Error & { code?: string }) =>
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? fail(`out of memory (> ${maxMemoryMb} MB)`, e)
            : fail(`parser crashed: ${e.message}`, e),
        ),
      );
      worker.once('exit', (code) => reject(fail(`parser exited unexpectedly (code ${code})`)));
    });
    const w: WarmWorker = {
      worker,
      api: Comlink.wrap<ParseWorkerApi>(nodeEndpoint(worker)),
      died,
      documents: 0,
    };
    // A dead worker is never reused; a late error after retirement is irrelevant.
    died.catch(() => {
      if (warm === w) warm = null;
    });
    return w;
  }

  async function retire(w: WarmWorker) {
    if (warm === w) warm = null;
    w.api[Comlink.releaseProxy]();
    w.worker.removeAllListeners('exit');
    w.worker.on('error', () => undefined);
    await w.worker.terminate();
  }

  async function inWorker(bytes: Uint8Array, kind: SourceKind, o: ParseOptions): Promise<ParsedDocument> {
    if (o.signal?.aborted) throw new AriadneError('cancelled', 'Cancelled.');
    const w = (warm ??= start());
    let timer: NodeJS.Timeout | undefined;
    let rejectRun: (e: Error) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => (rejectRun = reject));
    // The budget: the parse's own, plus a page's worth for every page OCR announces it will read.
    let budgetMs = kind === 'pdf' ? timeoutMs : textTimeoutMs;
    let ocrPages = 0;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          rejectRun(
            kind !== 'pdf'
              ? textTimeout(kind)
              : ocrPages
                ? fail(`timed out after ${formatSeconds(budgetMs)} (${ocrPages} pages read by OCR)`)
                : fail(`timed out after ${formatSeconds(timeoutMs)}`),
          ),
        ms,
      );
    };
    const began = Date.now();
    arm(budgetMs);
    const onAbort = () => rejectRun(new AriadneError('cancelled', 'Cancelled.'));
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const progress = Comlink.proxy((done: number, total: number) => {
      if (total > ocrPages) {
        budgetMs = timeoutMs + total * ocrPageTimeoutMs;
        ocrPages = total;
        arm(Math.max(0, budgetMs - (Date.now() - began)));
      }
      o.onOcrProgress?.(done, total);
    });
    let healthy = false;
    try {
      const copy = bytes.slice();
      const pdfOptions = {
        maxPages,
        ...(o.password !== undefined ? { password: o.password } : {}),
        ...(o.ocr ? { ocr: o.ocr } : {}),
      };
      const run =
        kind === 'pdf'
          ? w.api.parsePdf(Comlink.transfer(copy, [copy.buffer]), pdfOptions, progress)
          : w.api.parseText(decodeText(bytes), kind);
      const out = await Promise.race([run, w.died, stopped]);
      healthy = true;
      return documentOf(out);
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      w.documents++;
      // A worker stopped mid-parse (timeout, cancel) is terminated, and OCR's thread with it.
      if (!healthy || w.documents >= DOCUMENTS_PER_WORKER) await retire(w);
    }
  }

  function sizeRefusal(kind: SourceKind, size: number): AriadneError | null {
    const mb = (n: number) => Math.ceil(n / 1048576);
    if (kind !== 'pdf' && size > maxTextBytes)
      return fail(
        `text file too large (${mb(size)} MB > ${Math.floor(maxTextBytes / 1048576)} MB): split it into smaller files`,
      );
    if (size > maxBytes)
      return fail(`file too large (${mb(size)} MB > ${Math.floor(maxBytes / 1048576)} MB)`);
    return null;
  }

  async function parseBytes(
    bytes: Uint8Array,
    kind: SourceKind,
    options: ParseOptions = {},
  ): Promise<ParsedDocument> {
    const refused = sizeRefusal(kind, bytes.length);
    if (refused) throw refused;
    if (kind !== 'pdf' && opts.parseTextInPool && bytes.length <= POOL_TEXT_MAX_BYTES) {
      const budget = { timeoutMs: textTimeoutMs, onTimeout: () => textTimeout(kind) };
      return documentOf(await opts.parseTextInPool(decodeText(bytes), kind, budget));
    }
    const mine = turn.then(() => inWorker(bytes, kind, options));
    turn = mine.catch(() => undefined);
    return mine;
  }

  async function parseFile(file: string, options: ParseOptions = {}): Promise<ParsedDocument> {
    const kind = kindOfFile(file);
    if (!kind)
      throw fail(`unsupported file type: ${path.extname(file) || 'no extension'} (PDF, .txt or .md)`);
    const refused = sizeRefusal(kind, (await stat(file)).size);
    if (refused) throw refused;
    return parseBytes(new Uint8Array(await readFile(file)), kind, options);
  }

  async function close() {
    await turn;
    if (warm) await retire(warm);
  }

  return { sizeRefusal, parseBytes, parseFile, close, workersStarted: () => started };
}

export { PARSE_MESSAGES };
