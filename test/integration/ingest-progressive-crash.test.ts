import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import type { JobPayload } from '../../src-main/core/ingest/queue/types';
import { budgetMs, rounds as roundsOf } from '../helpers/work-budget';
import { type Sim, startSim } from '../sim/server';
import { type CrashBundle, bundleCrashChild, spawnCrashChild } from './ingest/crash-bundle';
import { corpusPaths, ingestionDump, tempDir } from './ingest/harness';
import { MODEL_MARK } from './ingest/marked-provider';

let bundled: CrashBundle = { child: '', workers: { parse: '', ingest: '' } };
const ROUNDS = roundsOf('ARIADNE_PROGRESSIVE_CRASH_ROUNDS', 6, 12);
// Estimated like ingest-crash.test.ts's (a child boots, drafts three documents and refines until the
// kill; each round also opens the library to check it): a hang detector, not a speed check.
const PER_ROUND_MS = 8_000;
const FIXED_MS = 30_000;
const BLOCK_TOKENS = 80;
/** Chat replies are slow enough that a kill lands among the refinements; embeddings answer at once. */
const CHAT_LATENCY_MS = 400;
const MAX_KILL_MS = 1000;
/**
 * A kill in the swap itself: this long at most after a refined passage's evidence write began. Measured in
 * this test on 2 loaded cores, the write (a dozen relationships and mentions deleted and written one
 * statement each) took 5-156 ms, median 50 ms: kills land before it, among its statements, inside its COMMIT
 * and just after it, before the step is persisted.
 */
const MAX_IN_WRITE_MS = 80;

/**
 * From outside, after some refined passages' swaps began; or from inside, during a passage's swap. (Counted
 * by swaps, not chat calls: the refinement's chat calls go out while the draft waits to commit, so a kill
 * after them landed in the draft.)
 */
type Kill = { afterSwaps: number; delayMs: number } | { inWrite: number; delayMs: number };

const chatCalls = (sim: Sim) => sim.stats().byEndpoint['/api/chat'] ?? 0;

/**
 * Runs the child. `afterSwaps`: SIGKILLs it `delayMs` after its `afterSwaps`th single-passage evidence write
 * began (the refinement's swaps: the draft writes a document at once). `inWrite`: the child kills itself `delayMs` after
 * its `inWrite`th single-passage evidence write began (crash-child.ts). Each round's refined passages are
 * journaled, so every round gets further into the upgrade.
 */
function runChild(dataDir: string, sim: Sim, paths: string[], kill?: Kill) {
  return new Promise<{ done: boolean; killed: boolean; stderr: string }>((resolve) => {
    const child = spawnCrashChild(bundled, {
      dataDir,
      simUrl: sim.url,
      paths,
      blockTokens: BLOCK_TOKENS,
      env: {
        ARIADNE_CRASH_MARK: '1',
        ARIADNE_CRASH_REPORT_SWAPS: '1',
        ...(kill && 'inWrite' in kill
          ? { ARIADNE_CRASH_KILL_IN_WRITE: `${kill.inWrite} ${kill.delayMs}` }
          : {}),
      },
    });
    const r = { done: false, killed: false, stderr: '' };
    let out = '';
    let exited = false;
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (r.stderr = (r.stderr + d.toString()).slice(-2000)));
    const poll = setInterval(() => {
      if (!kill || !('afterSwaps' in kill) || out.split('SWAP').length - 1 < kill.afterSwaps) return;
      clearInterval(poll);
      timer = setTimeout(() => {
        if (exited || out.includes('DONE')) return;
        r.killed = true;
        child.kill('SIGKILL');
      }, kill.delayMs);
    }, 2);
    child.on('exit', (_code, signal) => {
      exited = true;
      if (signal === 'SIGKILL') r.killed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      r.done = out.includes('DONE');
      setTimeout(() => resolve(r), 100);
    });
  });
}

interface Snapshot {
  /** Documents whose draft is committed (their job is refining or refined). */
  drafted: string[];
  /** Per drafted document: is a passage of it found by a lexical search for its own words? */
  searchable: Record<string, boolean>;
  /** Passages whose `refine` step is done. */
  refined: Set<string>;
  dump: Awaited<ReturnType<typeof ingestionDump>>;
}

/** What a killed child left, read without a core (which would resume the jobs). */
async function snapshot(dataDir: string): Promise<Snapshot> {
  const lib = await openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger() });
  try {
    const drafted: string[] = [];
    const refined = new Set<string>();
    for (const j of await lib.jobs.listJobs({ kind: 'ingest' })) {
      const p = JSON.parse(j.payload) as JobPayload;
      if (p.progressive && p.progressive.phase !== 'draft') drafted.push(j.docId);
      for (const t of await lib.jobs.listChunkTasks(j.id))
        if (t.step === 'refine' && t.status === 'done') refined.add(`${j.docId}:${t.chunkIndex}`);
    }
    const searchable: Record<string, boolean> = {};
    for (const id of drafted) {
      const [first] = await lib.graph.getChunks(id);
      const words = (first?.text ?? '').match(/[A-Za-z]{6,}/g) ?? [];
      const hits = await lib.vectors.textSearch('chunks', words.slice(0, 3).join(' '), { k: 50 });
      searchable[id] = hits.some((h) => h.id.startsWith(`${id}:`));
    }
    return { drafted, searchable, refined, dump: await ingestionDump(lib) };
  } finally {
    await lib.close();
  }
}

/** Per passage: how many of its described mentions and evidence rows are the model's, and how many not. */
function readings(dump: Snapshot['dump']): Map<string, { model: number; draft: number }> {
  const out = new Map<string, { model: number; draft: number }>();
  const add = (chunk: unknown, description: unknown) => {
    const d = String(description ?? '');
    if (!d) return; // a form the text defines, added by grounding without a description
    const r = out.get(String(chunk)) ?? { model: 0, draft: 0 };
    if (d.includes(MODEL_MARK)) r.model++;
    else r.draft++;
    out.set(String(chunk), r);
  };
  for (const m of dump.mentions) add(m.chunk, m.description);
  for (const e of dump.evidence) add(e.chunkId, e.description);
  return out;
}

const dupes = (ids: unknown[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe('progressive ingestion survives SIGKILL mid-upgrade', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({
      faults: { seed: 11, models: { 'qwen2.5:7b': { latencyMs: CHAT_LATENCY_MS } } },
    });
    bundled = await bundleCrashChild();
  });
  afterAll(() => sim.close());

  it(
    `keeps the draft, never gives a passage both readings and resumes the upgrade after ${ROUNDS} kills`,
    async () => {
      const paths = (await corpusPaths()).slice(0, 3);
      const clean = tempDir();
      sim.resetStats();
      expect((await runChild(clean, sim, paths)).done).toBe(true);
      const cleanCalls = chatCalls(sim);
      const expected = (await snapshot(clean)).dump;
      expect(expected.chunkIds.length).toBeGreaterThanOrEqual(3 * paths.length);

      const dir = tempDir();
      sim.resetStats();
      let rng = 4242;
      const rand = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      let kills = 0;
      let inWriteKills = 0;
      let midUpgrade = 0;
      let finished = false;
      while (kills < ROUNDS && !finished) {
        // Every other round the kill lands in a refined passage's swap (its first or second this run).
        const kill: Kill =
          kills % 2 === 0
            ? { inWrite: 1 + Math.floor(rand() * 2), delayMs: rand() * MAX_IN_WRITE_MS }
            : { afterSwaps: 1 + Math.floor(rand() * 2), delayMs: Math.floor(rand() * MAX_KILL_MS) };
        const r = await runChild(dir, sim, paths, kill);
        if (!r.killed && !r.done) throw new Error(`the child exited without finishing: ${r.stderr}`);
        finished = r.done;
        if (!r.killed) break;
        kills++;
        if ('inWrite' in kill) inWriteKills++;
        const s = await snapshot(dir);
        // The draft is intact: a drafted document is searchable and keeps every passage.
        expect(s.drafted.length).toBeGreaterThan(0);
        for (const id of s.drafted) expect(s.searchable[id], id).toBe(true);
        const per = readings(s.dump);
        for (const [chunk, r] of per) {
          // Never both readings in one passage; a refined step's passage is the model's.
          expect(r.model === 0 || r.draft === 0, `${chunk}: ${JSON.stringify(r)}`).toBe(true);
          if (s.refined.has(chunk)) expect(r.draft, chunk).toBe(0);
        }
        // Never neither: a drafted passage that has a reading in the finished library has one now.
        const final = readings(expected);
        for (const id of s.drafted)
          for (const c of s.dump.chunkIds.filter((x) => x.startsWith(`${id}:`)))
            if (final.has(c)) expect(per.has(c), c).toBe(true);
        // Every relationship and mention keeps its evidence; no evidence without its relationship.
        expect(s.dump.evidence.filter((e) => !e.id)).toEqual([]);
        expect(s.dump.mentions.filter((m) => !m.id)).toEqual([]);
        expect(s.dump.orphanDetails).toEqual([]);
        const refinedNow = s.refined.size;
        if (refinedNow > 0 && refinedNow < expected.chunkIds.length) midUpgrade++;
      }
      if (!finished) expect((await runChild(dir, sim, paths)).done).toBe(true);
      console.log(
        `progressive crash: ${kills} kills (${inWriteKills} in a passage's swap), ${midUpgrade} between the ` +
          `first and the last refined passage; clean ${cleanCalls} chat calls, crashed ${chatCalls(sim)}`,
      );
      expect(kills).toBeGreaterThanOrEqual(ROUNDS);
      expect(inWriteKills).toBeGreaterThanOrEqual(Math.floor(ROUNDS / 2));
      expect(midUpgrade).toBeGreaterThan(0);

      // Resumed to completion: every passage refined, the model's reading only, nothing left behind.
      const got = await snapshot(dir);
      expect(got.refined.size).toBe(expected.chunkIds.length);
      expect(got.dump.documents.map((d) => d.status)).toEqual(paths.map(() => 'done'));
      for (const [chunk, r] of readings(got.dump)) expect(r.draft, chunk).toBe(0);
      expect(got.dump.evidence.filter((e) => !e.id)).toEqual([]);
      expect(got.dump.mentions.filter((m) => !m.id)).toEqual([]);
      expect(got.dump.orphanDetails).toEqual([]);
      expect(dupes(got.dump.mentions.map((m) => m.id))).toEqual([]);
      expect(dupes(got.dump.evidence.map((e) => e.id).filter(Boolean))).toEqual([]);
      for (const rows of Object.values(got.dump.vectors))
        expect(dupes(rows.map((v) => (v as { id: string }).id))).toEqual([]);
      const live = got.dump.entities.map((e) => String(e.id)).sort();
      expect((got.dump.vectors.entities as { id: string }[]).map((v) => v.id).sort()).toEqual(live);
      expect(got.dump.chunkIds).toEqual(expected.chunkIds);
      expect(got.dump.questions.length).toBe(expected.questions.length);
    },
    budgetMs({ rounds: ROUNDS, perRoundMs: PER_ROUND_MS, fixedMs: FIXED_MS }),
  );
});
