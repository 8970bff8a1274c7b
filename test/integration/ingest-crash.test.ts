import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibrary } from '../../src-main/core/library';
import { systemClock, createMemoryLogger } from '../../src-main/core/deps';
import { type Sim, type SimStats, startSim } from '../sim/server';
import { budgetMs, rounds as roundsOf } from '../helpers/work-budget';
import { type CrashBundle, bundleCrashChild, spawnCrashChild } from './ingest/crash-bundle';
import { corpusPaths, ingestionDump, tempDir } from './ingest/harness';

let bundled: CrashBundle = { child: '', workers: { parse: '', ingest: '' } };
const ROUNDS = roundsOf('ARIADNE_CRASH_ROUNDS', 6, 20);
// Measured at load average 16 on 2 cores: a round (the child boots a core and its workers, works until the
// kill) 4.8 s; the clean run 13 s, the final run and the dumps 10 s more.
const PER_ROUND_MS = 5_000;
const FIXED_MS = 25_000;
/**
 * Small blocks: several chunks per document, so the summary chain and per-chunk calls overlap a kill. With one
 * model call per passage a clean run is about 17 chat calls, which 12 kills used up before the soak's 20: the
 * soak (more rounds) reads smaller passages more slowly, so the work outlasts its kills.
 */
const BLOCK_TOKENS = Number(process.env.ARIADNE_CRASH_BLOCK_TOKENS ?? (ROUNDS > 6 ? 60 : 120));
const LATENCY_MS = ROUNDS > 6 ? 90 : 40;
const MAX_KILL_MS = 250;
const LLM = ['/api/chat', '/api/embed'];

const sumOf = (r: Record<string, number>) => LLM.reduce((n, e) => n + (r[e] ?? 0), 0);
const llmCalls = (s: SimStats) => sumOf(s.byEndpoint);
const chatCalls = (s: SimStats) => s.byEndpoint['/api/chat'] ?? 0;
/** Embedding replies are journaled under this key prefix, one line per request (see embed-cache.ts). */
const EMBED_KEY = 'embed\u0000';

/** Chat replies and embedding inputs the journal holds. */
function journaled(file: string): { chat: number; embedInputs: number } {
  const out = { chat: 0, embedInputs: 0 };
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const { k, v } = JSON.parse(line) as { k: string; v: { h?: string[] } };
      if (k.startsWith(EMBED_KEY)) out.embedInputs += v.h?.length ?? 0;
      else out.chat++;
    } catch {
      // A line cut short by the kill: not journaled.
    }
  }
  return out;
}

interface Round {
  done: boolean;
  /** Killed after its first LLM call while still working. */
  killed: boolean;
  /**
   * Chat calls in flight at the kill: asked for by the child, reply not yet recorded in the call journal.
   * The larger of the child's own count of replies not yet in its hands (written synchronously as it
   * changes; it includes replies the sim had finished sending that sat unread behind the child's busy event
   * loop, which the sim cannot see) and the calls it asked for minus the journal lines it wrote: a reply in
   * hand but not yet journaled — the child may be busy with other work in between — is lost to a kill too.
   */
  inFlight: number;
  /**
   * The same for embedding inputs. Embeddings are counted in texts, not requests: requests are filled
   * across passages and documents from whatever is not cached yet, so a resumed run may cut them
   * differently, but a text is sent again only if its reply was lost to a kill.
   */
  embedInFlight: number;
  /** The sim's view of the same moment: requests open at the kill plus those still on the wire. */
  openAtSim: number;
  /** From the child's first LLM call to the kill or to DONE. */
  workMs: number;
  /** The child's last stderr, to say why a round that was neither killed nor done ended. */
  stderr: string;
}

/**
 * Runs the child. With `killDelayMs`, it is SIGKILLed that long after its first LLM call reaches the sim
 * (polled), unless it has finished by then.
 */
function runChild(dataDir: string, sim: Sim, paths: string[], killDelayMs?: number): Promise<Round> {
  return new Promise((resolve) => {
    const inflightFile = path.join(dataDir, '..', `${path.basename(dataDir)}.inflight`);
    const child = spawnCrashChild(bundled, {
      dataDir,
      simUrl: sim.url,
      paths,
      blockTokens: BLOCK_TOKENS,
      env: { ARIADNE_CRASH_INFLIGHT_FILE: inflightFile },
    });
    const before = sim.stats();
    const journal = path.join(dataDir, 'ingest-journal.ndjson');
    const journalBefore = journaled(journal);
    const r: Round = {
      done: false,
      killed: false,
      inFlight: 0,
      embedInFlight: 0,
      openAtSim: 0,
      workMs: 0,
      stderr: '',
    };
    let out = '';
    let exited = false;
    let firstCallAt = 0;
    let killTimer: NodeJS.Timeout | null = null;
    let callsAtKill = 0;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (r.stderr = (r.stderr + d.toString()).slice(-2000)));
    const poll = setInterval(() => {
      if (firstCallAt || llmCalls(sim.stats()) === llmCalls(before)) return;
      firstCallAt = performance.now();
      clearInterval(poll);
      if (killDelayMs === undefined) return;
      killTimer = setTimeout(() => {
        if (exited || out.includes('DONE')) return;
        const s = sim.stats();
        r.openAtSim = sumOf(s.inFlightByEndpoint);
        callsAtKill = llmCalls(s);
        r.killed = true;
        r.workMs = performance.now() - firstCallAt;
        child.kill('SIGKILL');
      }, killDelayMs);
    }, 2);
    child.on('exit', () => {
      exited = true;
      clearInterval(poll);
      if (killTimer) clearTimeout(killTimer);
      if (!r.killed && firstCallAt) r.workMs = performance.now() - firstCallAt;
      r.done = out.includes('DONE');
      if (r.killed) {
        const [asked = 0, awaiting = 0, inputsAsked = 0, inputsAwaiting = 0] = fs
          .readFileSync(inflightFile, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number);
        const now = journaled(journal);
        r.inFlight = Math.max(awaiting, asked - (now.chat - journalBefore.chat));
        r.embedInFlight = Math.max(
          inputsAwaiting,
          inputsAsked - (now.embedInputs - journalBefore.embedInputs),
        );
      }
      // Requests still in the socket buffers reach the sim a moment after the process is gone.
      setTimeout(() => {
        if (r.killed) r.openAtSim += llmCalls(sim.stats()) - callsAtKill;
        resolve(r);
      }, 100);
    });
  });
}

async function dump(dataDir: string) {
  const lib = await openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger() });
  try {
    return await ingestionDump(lib);
  } finally {
    await lib.close();
  }
}

const dupes = (ids: unknown[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe('ingest survives SIGKILL', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 3, default: { latencyMs: LATENCY_MS } } });
    bundled = await bundleCrashChild();
  });
  afterAll(() => sim.close());

  it(
    `completes every job after ${ROUNDS} kills mid-work, with no duplicates and no repeated finished calls or embeddings`,
    async () => {
      const t0 = performance.now();
      const paths = (await corpusPaths()).slice(0, 3);
      const clean = tempDir();
      sim.resetStats();
      const cleanRun = await runChild(clean, sim, paths);
      expect(cleanRun.done).toBe(true);
      const cleanCalls = chatCalls(sim.stats());
      expect(sim.stats().duplicateEmbedInputs).toBe(0);
      const expected = await dump(clean);
      // Several chunks per document, or the kills would not land inside a document's chain.
      expect(expected.chunkIds.length).toBeGreaterThanOrEqual(3 * paths.length);

      const fixedAt = performance.now() - t0;
      const dir = tempDir();
      sim.resetStats();
      const roundsAt = performance.now();
      let rng = 12345;
      const rand = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const rounds: Round[] = [];
      let finished = false;
      // Kills land uniformly within MAX_KILL_MS of the child's first LLM call: enough to be mid-chain (one
      // call takes LATENCY_MS) and short enough that ROUNDS kills happen before the work is done.
      while (rounds.filter((r) => r.killed).length < ROUNDS && !finished) {
        const r = await runChild(dir, sim, paths, 5 + Math.floor(rand() * MAX_KILL_MS));
        rounds.push(r);
        // A child that exits on its own without finishing could not reopen the library: fail, do not loop.
        if (!r.killed && !r.done) throw new Error(`the child exited without finishing: ${r.stderr}`);
        finished = r.done;
      }
      const perRound = (performance.now() - roundsAt) / rounds.length;
      const final = finished ? null : await runChild(dir, sim, paths);
      if (final) expect(final.done).toBe(true);

      const killed = rounds.filter((r) => r.killed);
      const inFlightAtKills = killed.reduce((n, r) => n + r.inFlight, 0);
      const embedInFlightAtKills = killed.reduce((n, r) => n + r.embedInFlight, 0);
      const total = chatCalls(sim.stats());
      const repeated = total - cleanCalls;
      const repeatedInputs = sim.stats().duplicateEmbedInputs;
      console.log(
        `crash: ${rounds.length} rounds, ${killed.length} killed mid-work ` +
          `(at ${killed.map((r) => Math.round(r.workMs)).join(',')} ms after the first call); ` +
          `clean ${cleanCalls} chat calls in ${Math.round(cleanRun.workMs)} ms over ${expected.chunkIds.length} chunks; ` +
          `crashed ${total} chat calls, ${repeated} repeated; in flight at kills ${inFlightAtKills} ` +
          `(per kill ${killed.map((r) => r.inFlight).join(',')}; open at the sim ` +
          `${killed.map((r) => r.openAtSim).join(',')}); answered by the sim and asked again ` +
          JSON.stringify(sim.stats().repeatsByEndpoint) +
          `; embedding inputs sent again ${repeatedInputs}, in flight at kills ${embedInFlightAtKills}` +
          `; clean run ${Math.round(fixedAt)} ms, ${Math.round(perRound)} ms per round (budget ${PER_ROUND_MS})`,
      );
      expect(killed.length).toBeGreaterThanOrEqual(ROUNDS);
      expect(total).toBeLessThanOrEqual(cleanCalls + inFlightAtKills);
      expect(repeatedInputs).toBeLessThanOrEqual(embedInFlightAtKills);

      const got = await dump(dir);
      expect(got.documents.map((d) => d.status)).toEqual(paths.map(() => 'done'));
      expect(dupes(got.chunkIds)).toEqual([]);
      expect(dupes(got.mentions.map((m) => m.id))).toEqual([]);
      expect(dupes(got.evidence.map((e) => e.id))).toEqual([]);
      expect(dupes(got.questions.map((q) => q.id))).toEqual([]);
      for (const rows of Object.values(got.vectors))
        expect(dupes(rows.map((v) => (v as { id: string }).id))).toEqual([]);
      expect(got.chunkIds).toEqual(expected.chunkIds);
      expect(got.mentions.length).toBe(expected.mentions.length);
      expect(got.evidence.length).toBe(expected.evidence.length);
      expect(got).toEqual(expected);
    },
    budgetMs({ rounds: ROUNDS, perRoundMs: PER_ROUND_MS, fixedMs: FIXED_MS }),
  );
});
