import type { ImportEstimate } from '../../../contract/library';
import type { Clock, Logger } from '../../deps';
import type { Library } from '../../library';
import type { LlmMetrics } from '../../llm/metrics';
import { CallPriority } from '../../llm/provider';
import type { LlmTasks } from '../../llm/task-types';
import { splitIntoBlocks } from '../chunk/split-blocks';
import { kindOfFile, type Parser } from '../parse/parse-in-worker';
import { describeEstimate, estimateBatch, type ModelThroughput } from './estimate';
import { calibrate, sizeOf, type Calibration, type EstimateItem } from './precount';
import { openThroughputStore, type ThroughputStore } from './throughput-store';

export type { EstimateItem } from './precount';

export interface EstimatorDeps {
  library: Library;
  parser: Parser;
  tasks: LlmTasks;
  /** The provider's call metrics: every successful passage call refines the model's measured speed. */
  calls?: LlmMetrics;
  clock: Clock;
  log: Logger;
  blockTokens(): number;
  entityTypes(): readonly string[] | undefined;
  concurrency(): number;
  confirmAboveMinutes(): number;
  documentsAtOnce: number;
}

export interface Estimator {
  estimate(items: EstimateItem[], opts?: { probe?: boolean }): Promise<Omit<ImportEstimate, 'rejected'>>;
  readonly throughput: ThroughputStore;
  /** Stops learning from calls; resolves when what was learnt is on disk. */
  close(): Promise<void>;
}

/**
 * When a probe fails (the model is missing, Ollama is down) the batch is still estimated, at the slow end
 * of what a local 8B model takes for one structured passage call (10–30 s on a laptop), and says so.
 */
const ASSUMED: Omit<ModelThroughput, 'model' | 'updatedAt'> = {
  calls: 0,
  msPerCall: 30_000,
  promptTokensPerCall: 1_800,
  outputTokensPerCall: 900,
  outputTokensPerSecond: 30,
  source: 'probe',
};

/** Estimates batches before they are imported, learning each model's speed from its real calls. */
export function createEstimator(deps: EstimatorDeps): Estimator {
  const throughput = openThroughputStore(deps.library.dataDir, () => deps.clock.now());
  let probing = 0;
  const off = deps.calls?.onCall((r) => throughput.record(r, { probe: probing > 0 }));

  /** One real passage call on the batch's first passage, timed through the provider's metrics. */
  async function probe(items: EstimateItem[], model: string): Promise<ModelThroughput | null> {
    const text = await firstPassage(items, deps.parser, deps.blockTokens()).catch(() => null);
    if (!text) return null;
    probing++;
    try {
      await deps.tasks.readPassage(
        { text, entityTypes: deps.entityTypes() },
        { priority: CallPriority.interactive },
      );
    } catch (e) {
      deps.log.log('warn', 'estimate probe failed', { model, error: (e as Error).message });
      return null;
    } finally {
      probing--;
    }
    // On disk before the estimate is shown: a batch cancelled now is not probed again next time.
    await throughput.flushed();
    return throughput.get(model);
  }

  return {
    throughput,
    close() {
      off?.();
      return throughput.flushed();
    },
    async estimate(items, opts = {}) {
      const cal: Calibration = await calibrate(deps.library);
      const documents = [];
      for (const item of items) documents.push(await sizeOf(item, cal));
      const model = deps.tasks.provider === 'builtin' ? null : (deps.tasks.chatModel ?? null);
      let basis: ImportEstimate['basis'] = 'builtin';
      let t: ModelThroughput | null = null;
      if (model) {
        t = throughput.get(model);
        basis = 'measured';
        if (!t && opts.probe !== false) {
          t = await probe(items, model);
          basis = 'probe';
        }
        if (!t) {
          t = { ...ASSUMED, model, updatedAt: new Date(deps.clock.now()).toISOString() };
          basis = 'assumed';
        }
      }
      const e = estimateBatch({
        documents,
        blockTokens: deps.blockTokens(),
        passageFill: cal.passageFill,
        concurrency: deps.concurrency(),
        documentsAtOnce: deps.documentsAtOnce,
        throughput: t,
      });
      const thresholdMinutes = deps.confirmAboveMinutes();
      const assumedNote =
        basis !== 'assumed'
          ? ''
          : opts.probe === false
            ? ' (speed assumed: the model has not been timed yet)'
            : ' (speed assumed: the model could not be timed)';
      return {
        ...e,
        chars: Math.round(e.chars),
        provider: deps.tasks.provider,
        model,
        basis,
        msPerCall: t ? t.msPerCall : null,
        outputTokensPerSecond: t ? t.outputTokensPerSecond : null,
        thresholdMinutes,
        // The built-in engine costs no model time: it never asks.
        confirm: model !== null && e.wallMs > thresholdMinutes * 60_000,
        summary: describeEstimate(e, model) + assumedNote,
        method: methodNote(cal),
      };
    },
  };
}

function methodNote(cal: Calibration): string {
  const from =
    cal.documents > 0
      ? `measured on the library's last ${cal.documents} PDF${cal.documents === 1 ? '' : 's'}`
      : 'typical for articles';
  return (
    `PDF pages are counted from the file's page objects (else its size at ~${Math.round(cal.pdfBytesPerPage / 1000)} kB a page), ` +
    `at ~${Math.round(cal.charsPerPdfPage)} characters a page (${from}); text files at a character per byte; ` +
    `passages are filled to ~${Math.round(cal.passageFill * 100)}% of the chunk size; embeddings are not counted.`
  );
}

/** The text of the batch's first passage: the first readable file, parsed as ingestion would, cut as it would. */
async function firstPassage(
  items: EstimateItem[],
  parser: Parser,
  blockTokens: number,
): Promise<string | null> {
  for (const item of items) {
    const kind = kindOfFile(item.fileName);
    // The parser refuses what is larger (200 MB) after reading it whole: not worth it for a probe.
    if (!kind || !item.read || item.size > 200 * 1024 * 1024) continue;
    const bytes = await item.read();
    const parsed = await parser.parseBytes(bytes, kind);
    const first = splitIntoBlocks(parsed.text, { maxTokens: blockTokens })[0];
    if (first?.text.trim()) return first.text;
  }
  return null;
}
