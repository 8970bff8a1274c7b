import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import type { QaAnswer, QaStreamItem } from '../../src-main/contract';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createDispatcher } from '../../src-main/rpc/dispatch';
import { startApiServer } from '../../src-main/rpc/server/http-server';
import { createRestRoutes } from '../../src-main/rpc/server/rest-facade';
import { corpusPaths, ingestAll, openCore, tempDir } from './ingest/harness';

/** Fixture papers through the real ingestion pipeline (built-in provider), then search and QA over them. */
describe('retrieval on the fixture library', () => {
  let core: Core;
  beforeAll(async () => {
    core = await openCore(tempDir('ariadne-retrieval-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, await corpusPaths());
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  });
  afterAll(async () => {
    await core?.close();
  });
  const call = (items: QaStreamItem[] = []) => ({
    signal: new AbortController().signal,
    emit: (i: unknown) => void items.push(i as QaStreamItem),
  });

  it('resolves a short term and prints evidence paths with page citations', async () => {
    const res = await core.handlers['graph:search'](
      { term: 'Oleoylethanolamide', hops: 3, limit: 25, filters: { direction: 'both', minEvidence: 1 } },
      call(),
    );
    expect(res.from.ambiguous).toBe(false);
    expect(res.from.candidates[0]!.entity.name.toLowerCase()).toContain('oleoylethanolamide');
    expect(res.paths.length).toBeGreaterThan(0);
    for (const p of res.paths) {
      expect(p.edges.length).toBeLessThanOrEqual(3);
      expect(new Set(p.nodes.map((n) => n.id)).size).toBe(p.nodes.length);
      for (const e of p.edges) {
        expect(e.best.citation.page).toBeGreaterThan(0);
        expect(e.best.citation.title).not.toBe('');
      }
      expect(p.text).toMatch(/--\[.+\(.+, p\. \d+\)\]--/);
    }
    expect(res.paths.some((p) => /akkermansia/i.test(p.text))).toBe(true);
  });

  it('finds the paths between two terms, shortest first, without repeated nodes', async () => {
    const res = await core.handlers['graph:search'](
      {
        term: 'Oleoylethanolamide',
        to: 'Akkermansia muciniphila',
        hops: 3,
        limit: 10,
        filters: { direction: 'both', minEvidence: 1 },
      },
      call(),
    );
    expect(res.to?.ambiguous).toBe(false);
    expect(res.paths.length).toBeGreaterThan(0);
    const lengths = res.paths.map((p) => p.edges.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(res.paths[0]!.nodes.at(-1)!.name.toLowerCase()).toContain('akkermansia');
  });

  it('reports unknown terms without guessing', async () => {
    const r = await core.handlers['graph:resolve']({ term: 'Zyxwvutsrq' }, call());
    expect(r.candidates.filter((c) => c.matchedBy !== 'vector')).toEqual([]);
  });

  const question = 'What effect does oleoylethanolamide have on Akkermansia muciniphila?';
  for (const mode of ['naive', 'agentic', 'local', 'global', 'auto'] as const) {
    it(`answers in ${mode} mode with citations that resolve to their chunks`, async () => {
      const items: QaStreamItem[] = [];
      const a: QaAnswer = await core.handlers['qa:ask']({ question, mode }, call(items));
      expect(items.some((i) => i.type === 'token')).toBe(true);
      expect(a.trace.length).toBeGreaterThan(0);
      expect(a.insufficient).toBe(false);
      expect(a.confidence).toBeGreaterThan(0);
      const marks = [...a.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      expect(marks.length).toBeGreaterThan(0);
      for (const n of marks) {
        const c = a.citations.find((x) => x.n === n);
        expect(c, `[${n}] has a citation`).toBeDefined();
        expect(c!.supported).toBe(true);
        const chunk = await core.stores.graph.getChunk(c!.chunkId);
        expect(chunk!.text).toContain(c!.quote);
        expect(c!.page).toBeGreaterThan(0);
      }
      if (mode === 'auto') expect(a.trace[0]!.detail).toMatch(/^auto chose/);
      else expect(a.mode).toBe(mode);
    });
  }

  it('says so instead of guessing when nothing relevant is in the library', async () => {
    const a = await core.handlers['qa:ask'](
      { question: 'What is the capital city of France?', mode: 'naive' },
      call(),
    );
    expect(a.insufficient).toBe(true);
    expect(a.answer).toMatch(/don't have enough information/);
    expect(a.citations).toEqual([]);
  });

  it('keeps conversations in the library folder', async () => {
    const a = await core.handlers['qa:ask']({ question, mode: 'naive' }, call());
    const b = await core.handlers['qa:ask'](
      { question: 'What does mTOR integrate?', mode: 'naive', conversationId: a.conversationId! },
      call(),
    );
    expect(b.conversationId).toBe(a.conversationId);
    const conv = await core.handlers['chat:get']({ id: a.conversationId! }, call());
    expect(conv.turns).toHaveLength(2);
    const list = await core.handlers['chat:list']({}, call());
    expect(list.conversations.some((c) => c.id === a.conversationId)).toBe(true);
    await core.handlers['chat:delete']({ id: a.conversationId! }, call());
    await expect(core.handlers['chat:get']({ id: a.conversationId! }, call())).rejects.toThrow(
      /No conversation/,
    );
  });

  it('stores communities with summaries and serves the explorer slices', async () => {
    await core.retrieval.communities.refresh();
    const { communities } = await core.handlers['graph:communities']({}, call());
    expect(communities.length).toBeGreaterThan(0);
    expect(communities.every((c) => c.summary && !c.stale)).toBe(true);
    expect(communities.some((c) => c.keyTopics.length > 0)).toBe(true);
    const sg = await core.handlers['graph:subgraph'](
      { mode: 'top', limit: 50, filters: { direction: 'both', minEvidence: 1 } },
      call(),
    );
    expect(sg.nodes.length).toBeGreaterThan(0);
    const ent = await core.handlers['graph:entity']({ entityId: sg.nodes[0]!.id }, call());
    expect(ent.evidence.length + ent.neighbours.length).toBeGreaterThan(0);
  });

  it('serves the REST façade: /graph-search, /qa as NDJSON, /metrics', async () => {
    const log = createMemoryLogger();
    const dispatcher = createDispatcher(core.handlers, log);
    const server = await startApiServer({
      dispatcher,
      events: core.events,
      token: 't0k',
      staticRoot: null,
      log,
      routes: createRestRoutes({ dispatcher, metrics: () => core.retrieval.metrics.render() }),
    });
    try {
      const post = (p: string, body: unknown) =>
        fetch(`${server.url.replace(/\/?(\?.*)?$/, '')}${p}`, {
          method: 'POST',
          headers: { authorization: 'Bearer t0k', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const gs = await post('/graph-search', { term: 'Oleoylethanolamide' });
      expect(gs.status).toBe(200);
      const gsBody = (await gs.json()) as { ok: boolean; data: { paths: unknown[] } };
      expect(gsBody.ok && gsBody.data.paths.length > 0).toBe(true);
      expect((await post('/graph-search', { term: '' })).status).toBe(400);
      const qa = await post('/qa', {
        question: 'What effect does oleoylethanolamide have on Akkermansia muciniphila?',
        mode: 'naive',
      });
      expect(qa.headers.get('content-type')).toContain('ndjson');
      const lines = (await qa.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; ok?: boolean });
      expect(lines.some((l) => l.type === 'token')).toBe(true);
      expect(lines.at(-1)).toMatchObject({ type: 'result', ok: true });
      const m = await fetch(`${server.url.replace(/\/?(\?.*)?$/, '')}/metrics`, {
        headers: { authorization: 'Bearer t0k' },
      });
      expect(await m.text()).toMatch(
        /ariadne_retrieval_requests_total\{op="graph_search",outcome="ok"\} \d+/,
      );
    } finally {
      await server.close();
    }
  });
});
