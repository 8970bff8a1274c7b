/**
 * Answer quality and latency, as a scientist meets them: the questions of `answers-questions.json` (each with
 * its key facts; some the library cannot answer but that sound close) asked in every mode over a library of
 * the shared papers (../shared/data/papers and ../shared/data/pdfs), ingested with the built-in engine and
 * asked through the HTTP API that `ariadne serve` runs. Not a test: it needs ../shared/data and minutes of CPU.
 *   npx tsx test/bench/answers.ts [--data DIR] [--keep DIR] [--part tune|heldout|all] [--modes auto,naive]
 *                                 [--only ID,ID] [--show wrong|all] [--json FILE]
 * --keep DIR keeps the ingested library in DIR and reuses it when DIR already holds one.
 * Prints, per part and mode: correct / partly / wrong / refused of the answerable cells, unanswerable
 * questions refused, the answer latency (median and p90), and quotes that start or end inside a word.
 * Grading: an answer holding every key fact (or `need` of them) is correct, some of them partly, none wrong;
 * an `insufficient` answer is refused. The held-out part's papers never guide a change (see the JSON's note).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { QaAnswer } from '../../src-main/contract/qa';
import { sharedDataDir } from '../shared-data';
import { startBenchServer } from './bench-server';
import { charBefore, gradeAnswer, quoteEdges, type Grade, type Question } from './answers-grade';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: sharedDataDir() ?? undefined },
    keep: { type: 'string' },
    part: { type: 'string', default: 'all' },
    modes: { type: 'string', default: 'auto,agentic,local,global,naive' },
    only: { type: 'string' },
    show: { type: 'string' },
    json: { type: 'string' },
    questions: { type: 'string', default: path.join(import.meta.dirname, 'answers-questions.json') },
  },
});

const file = JSON.parse(fs.readFileSync(values.questions, 'utf8')) as {
  parts: Record<string, string[]>;
  questions: Question[];
};
const dataRoot = values.data ?? '../shared/data';
const dirs = [path.join(dataRoot, 'papers'), path.join(dataRoot, 'pdfs')];
const pdfs = Object.values(file.parts)
  .flat()
  .map((f) => dirs.map((d) => path.join(d, f)).find((p) => fs.existsSync(p)) ?? null);
if (pdfs.some((p) => p === null)) {
  console.log(`answers bench: SKIPPED — the shared papers are not under ${dataRoot} (pass --data DIR)`);
  process.exit(0);
}
const modes = values.modes.split(',') as QaAnswer['mode'][] | 'auto'[];
const only = values.only ? new Set(values.only.split(',')) : null;
const questions = file.questions.filter(
  (q) => (values.part === 'all' || q.part === values.part) && (!only || only.has(q.id)),
);

const reuse = values.keep && fs.existsSync(path.join(values.keep, 'graph.kuzu'));
const dataDir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-answers-'));
fs.mkdirSync(dataDir, { recursive: true });
const { core, call, close } = await startBenchServer(dataDir);

try {
  const ctx = { signal: new AbortController().signal, emit: () => undefined };
  if (!reuse) {
    const t0 = performance.now();
    const { added } = await core.handlers['library:import']({ paths: pdfs as string[] }, ctx);
    await core.ingest.waitFor(added.map((a) => a.id));
    console.log(`ingested ${added.length} papers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  // Community summaries and the caches are built on first use: one question per mode first, not timed.
  for (const mode of modes) await call('qa:ask', { question: 'What is this library about?', mode });

  const cells: { q: Question; mode: string; grade: Grade; ms: number; a: QaAnswer }[] = [];
  const chunkText = new Map<string, string>();
  let quotes = 0;
  const badQuotes: string[] = [];
  for (const q of questions) {
    for (const mode of modes) {
      const t = performance.now();
      const a = await call<QaAnswer>('qa:ask', { question: q.question, mode });
      const ms = performance.now() - t;
      cells.push({ q, mode, grade: gradeAnswer(q, a), ms, a });
      for (const c of a.citations) {
        quotes++;
        if (!chunkText.has(c.chunkId)) {
          // The passage with the document's character before it (a quote must not continue a word).
          const chunk = await core.stores.graph.getChunk(c.chunkId);
          const prev =
            chunk && chunk.index > 0
              ? await core.stores.graph.getChunk(`${chunk.docId}:${chunk.index - 1}`)
              : null;
          chunkText.set(c.chunkId, chunk ? charBefore(chunk, prev) + chunk.text : '');
        }
        const bad = quoteEdges(chunkText.get(c.chunkId) ?? '', c.quote);
        if (bad) badQuotes.push(`${q.id}/${mode} [${c.n}] ${bad}: "${c.quote.slice(0, 80)}"`);
      }
    }
  }

  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : '—');
  const pctl = (xs: number[], p: number) =>
    xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]! : 0;
  const parts = values.part === 'all' ? ['tune', 'heldout', 'all'] : [values.part];
  for (const part of parts) {
    const inPart = cells.filter((c) => part === 'all' || c.q.part === part);
    if (!inPart.length) continue;
    const nq = new Set(inPart.map((c) => c.q.id)).size;
    console.log(`\n${part}: ${nq} questions`);
    console.log(
      '  mode       correct   c-or-partly  wrong   refused(answerable)  unanswerable refused   latency median / p90',
    );
    for (const mode of [...modes, 'every']) {
      const mine = inPart.filter((c) => mode === 'every' || c.mode === mode);
      const ans = mine.filter((c) => c.q.facts.length);
      const un = mine.filter((c) => !c.q.facts.length);
      const n = (g: Grade) => ans.filter((c) => c.grade === g).length;
      const ms = mine.map((c) => c.ms);
      console.log(
        `  ${mode.padEnd(9)}  ${pct(n('correct'), ans.length).padStart(4)} ${`(${n('correct')}/${ans.length})`.padEnd(8)}` +
          ` ${pct(n('correct') + n('partly'), ans.length).padStart(4)}         ` +
          ` ${pct(n('wrong'), ans.length).padStart(4)}   ${pct(n('refused'), ans.length).padStart(4)} (${n('refused')})` +
          `            ${pct(un.filter((c) => c.grade === 'refused').length, un.length).padStart(4)} (${un.filter((c) => c.grade === 'refused').length}/${un.length})` +
          `          ${(pctl(ms, 0.5) / 1000).toFixed(2)} s / ${(pctl(ms, 0.9) / 1000).toFixed(2)} s`,
      );
    }
  }
  console.log(
    `\nquotes: ${quotes}, starting or ending inside a word: ${badQuotes.length}` +
      (badQuotes.length ? `\n  ${badQuotes.slice(0, 10).join('\n  ')}` : ''),
  );
  if (values.show) {
    for (const c of cells) {
      const bad = c.q.facts.length ? c.grade !== 'correct' : c.grade !== 'refused';
      if (values.show !== 'all' && !bad) continue;
      console.log(
        `\n[${c.q.id} / ${c.mode} → ${c.a.mode}] ${c.grade} (conf ${c.a.confidence}) ${c.q.question}\n  ${c.a.answer.replace(/\s+/g, ' ').slice(0, 400)}`,
      );
    }
  }
  if (values.json)
    fs.writeFileSync(
      values.json,
      JSON.stringify(
        cells.map((c) => ({
          id: c.q.id,
          part: c.q.part,
          mode: c.mode,
          grade: c.grade,
          ms: c.ms,
          answer: c.a,
        })),
        null,
        1,
      ),
    );
  console.log(
    `\nload average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await close();
  if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
