/**
 * What ingestion asks of Kùzu: statements and transactions per passage, and per GraphStore / JobStore
 * method, over a real ingest of the generated fixture corpus (three PDFs, a .md and a .txt, in 200-token passages). Counts, not
 * timings: they do not depend on machine load, so two versions of the store compare exactly.
 *   npx tsx test/bench/store-statements.ts [--mode builtin|progressive|one-pass]...
 *
 * Modes: `builtin` (the offline engine, one pass), `one-pass` and `progressive` (draft, then the model's
 * reading passage by passage) through the Ollama simulator answering at once. Statements are counted on
 * the Kùzu binding itself (every `query` and `execute` of a Connection); BEGIN TRANSACTION counts a
 * transaction. Each statement is attributed to the store method whose call it ran under.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseArgs } from 'node:util';
import kuzu from 'kuzu';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import type { LlmProvider } from '../../src-main/core/llm/provider';
import { corpusPaths, ingestAll, openCore, tempDir } from '../integration/ingest/harness';
import { startSim } from '../sim/server';
import { builtWorkerPaths } from './built-workers';

const { values } = parseArgs({
  options: { mode: { type: 'string', multiple: true, default: ['builtin', 'one-pass', 'progressive'] } },
});

interface Tally {
  calls: number;
  statements: number;
  transactions: number;
}
const method = new AsyncLocalStorage<string>();
let tallies = new Map<string, Tally>();
const tally = (name: string) => {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = { calls: 0, statements: 0, transactions: 0 }));
  return t;
};
const count = (cypher: unknown) => {
  const t = tally(method.getStore() ?? '(outside a store call)');
  if (typeof cypher === 'string' && /^\s*BEGIN TRANSACTION/i.test(cypher)) t.transactions++;
  else if (typeof cypher === 'string' && /^\s*(COMMIT|ROLLBACK)\b/i.test(cypher)) return;
  else t.statements++;
};

// Every statement goes through one of these two on some Connection.
type Proto = Record<string, (...a: unknown[]) => unknown>;
const proto = kuzu.Connection.prototype as unknown as Proto;
const origQuery = proto.query!;
const origExecute = proto.execute!;
const prepared = new WeakMap<object, string>();
const origPrepare = proto.prepare!;
proto.prepare = async function (this: unknown, cypher: unknown, ...rest: unknown[]) {
  const ps = (await origPrepare.call(this, cypher, ...rest)) as object;
  prepared.set(ps, String(cypher));
  return ps;
};
proto.query = function (this: unknown, cypher: unknown, ...rest: unknown[]) {
  count(cypher);
  return origQuery.call(this, cypher, ...rest);
};
proto.execute = function (this: unknown, ps: unknown, ...rest: unknown[]) {
  count(prepared.get(ps as object) ?? '');
  return origExecute.call(this, ps, ...rest);
};

/** Wraps every method of a store object so the statements it runs are attributed to it. */
function attribute(store: object, seen: Set<object>) {
  if (seen.has(store)) return;
  seen.add(store);
  const s = store as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    const f = s[key];
    if (typeof f !== 'function' || key === 'close') continue;
    s[key] = (...args: unknown[]) => {
      tally(key).calls++;
      return method.run(key, () => (f as (...a: unknown[]) => unknown).apply(store, args));
    };
  }
}

const workers = builtWorkerPaths();
const paths = await corpusPaths();
for (const mode of values.mode) {
  const sim = mode === 'builtin' ? null : await startSim({ faults: { seed: 1 } });
  const provider: LlmProvider = sim
    ? createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' })
    : createBuiltinProvider();
  const core = await openCore(
    tempDir(),
    provider,
    { progressive: mode === 'progressive', blockTokens: 200 },
    workers,
  );
  try {
    const seen = new Set<object>();
    attribute(core.stores.graph, seen);
    attribute(core.stores.jobs, seen);
    tallies = new Map();
    const { jobs } = await ingestAll(core, paths);
    const statuses = [...new Set(jobs.map((j) => j.status))].join(',');
    const c = await core.stores.graph.counts();
    const rows = [...tallies]
      .filter(([, t]) => t.statements || t.transactions)
      .sort((a, b) => b[1].statements - a[1].statements);
    const total = rows.reduce((s, [, t]) => ({ st: s.st + t.statements, tx: s.tx + t.transactions }), {
      st: 0,
      tx: 0,
    });
    const graphRows = rows.filter(([name]) => !/Job|ChunkTask|chunkTasks/.test(name));
    const graphTotal = graphRows.reduce(
      (s, [, t]) => ({ st: s.st + t.statements, tx: s.tx + t.transactions }),
      { st: 0, tx: 0 },
    );
    console.log(
      `${mode}: ${jobs.length} documents (${statuses}), ${c.chunks} passages, ${c.entities} entities, ${c.mentions} mentions, ${c.evidence} evidence rows, ${c.questions} questions`,
    );
    console.log(
      `  all store calls      ${(total.st / c.chunks).toFixed(1)} statements and ${(total.tx / c.chunks).toFixed(2)} transactions per passage (${total.st} / ${total.tx})`,
    );
    console.log(
      `  graph calls only     ${(graphTotal.st / c.chunks).toFixed(1)} statements and ${(graphTotal.tx / c.chunks).toFixed(2)} transactions per passage (${graphTotal.st} / ${graphTotal.tx})`,
    );
    for (const [name, t] of rows)
      console.log(
        `  ${name.padEnd(24)} ${String(t.calls).padStart(5)} calls ${String(t.statements).padStart(7)} statements ${String(t.transactions).padStart(5)} transactions`,
      );
  } finally {
    await core.close();
    await sim?.close();
  }
}
process.exit(0);
