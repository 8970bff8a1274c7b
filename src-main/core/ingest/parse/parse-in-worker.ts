import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { AriadneError } from '../../../contract/errors';
import { DEFAULT_MAX_PAGES, PARSE_MESSAGES } from './pdf';
import type { ParsedDocument, SourceKind } from './types';
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
  parseTextInPool?: (text: string, kind: SourceKind) => Promise<ParseOutcome>;
}

/** Text files up to this size are parsed by `parseTextInPool` when given. */
const POOL_TEXT_MAX_BYTES = 8 * 1024 * 1024;

export interface Parser {
  parseBytes(bytes: Uint8Array, kind: SourceKind): Promise<ParsedDocument>;
  parseFile(file: string): Promise<ParsedDocument>;
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

/** Creates the parser the ingest pipeline uses: one killable worker per document. */
export function createParser(opts: ParserOptions): Parser {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const maxMemoryMb = opts.maxMemoryMb ?? 1024;
  const maxBytes = opts.maxBytes ?? 200 * 1024 * 1024;

  async function parseBytes(bytes: Uint8Array, kind: SourceKind): Promise<ParsedDocument> {
    if (bytes.length > maxBytes) {
      throw fail(
        `file too large (${Math.ceil(bytes.length / 1048576)} MB > ${Math.floor(maxBytes / 1048576)} MB)`,
      );
    }
    if (kind !== 'pdf' && opts.parseTextInPool && bytes.length <= POOL_TEXT_MAX_BYTES) {
      return documentOf(await opts.parseTextInPool(new TextDecoder().decode(bytes), kind));
    }
    const worker = spawn(opts.workerPath, maxMemoryMb);
    const api = Comlink.wrap<ParseWorkerApi>(nodeEndpoint(worker));
    let timer: NodeJS.Timeout | undefined;
    const died = new Promise<never>((_, reject) => {
      worker.once('error', (e: Error & { code?: string }) =>
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? fail(`out of memory (> ${maxMemoryMb} MB)`, e)
            : fail(`parser crashed: ${e.message}`, e),
        ),
      );
      worker.once('exit', (code) => reject(fail(`parser exited unexpectedly (code ${code})`)));
      timer = setTimeout(() => reject(fail(`timed out after ${formatSeconds(timeoutMs)}`)), timeoutMs);
    });
    // Once the race is decided a late worker error is irrelevant; keep it from surfacing as unhandled.
    died.catch(() => undefined);
    try {
      const copy = bytes.slice();
      const run =
        kind === 'pdf'
          ? api.parsePdf(Comlink.transfer(copy, [copy.buffer]), { maxPages })
          : api.parseText(new TextDecoder().decode(bytes), kind);
      return documentOf(await Promise.race([run, died]));
    } finally {
      clearTimeout(timer);
      api[Comlink.releaseProxy]();
      worker.removeAllListeners('exit');
      worker.on('error', () => undefined);
      await worker.terminate();
    }
  }

  async function parseFile(file: string): Promise<ParsedDocument> {
    const kind = kindOfFile(file);
    if (!kind)
      throw fail(`unsupported file type: ${path.extname(file) || 'no extension'} (PDF, .txt or .md)`);
    const size = (await stat(file)).size;
    if (size > maxBytes)
      throw fail(`file too large (${Math.ceil(size / 1048576)} MB > ${Math.floor(maxBytes / 1048576)} MB)`);
    return parseBytes(new Uint8Array(await readFile(file)), kind);
  }

  return { parseBytes, parseFile };
}

export { PARSE_MESSAGES };
