/**
 * Graph search and the QA retrieval stage on an open library, with the built-in provider: no chat model
 * runs, so LLM time is excluded by construction. Shared by the store benchmark and retrieval-latency.ts.
 */
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import type { Library } from '../../src-main/core/library';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../../src-main/core/llm/tasks';
import { createRetrievalService, graphSearch, makeQaContext, retrieve } from '../../src-main/core/retrieval';

export type TimeIt = (label: string, f: () => Promise<unknown>) => Promise<unknown>;

export async function benchRetrievalStages(lib: Library, timeIt: TimeIt, rand: () => number): Promise<void> {
  const svc = createRetrievalService({
    library: async () => lib,
    tasks: createTasks(createBuiltinProvider()),
    clock: systemClock,
    log: createMemoryLogger(),
  });
  const names = (await lib.graph.entityNames()).slice(0, 200_000).map((r) => r.name);
  const pick = () => names[Math.floor(rand() * names.length)]!;
  const t0 = performance.now();
  const c = await svc.context();
  console.log(
    `retrieval context (name index, adjacency) loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${c.names.size} names and aliases)`,
  );
  const filters = { direction: 'both' as const, minEvidence: 1 };
  await timeIt('graph search, one term, 3 hops', () =>
    graphSearch(c, { term: pick(), hops: 3, limit: 25, filters }),
  );
  await timeIt('graph search, one term, 2 hops', () =>
    graphSearch(c, { term: pick(), hops: 2, limit: 25, filters }),
  );
  await timeIt('graph search, two terms, ≤3 hops', () =>
    graphSearch(c, { term: pick(), to: pick(), hops: 3, limit: 10, filters }),
  );
  for (const mode of ['naive', 'local', 'agentic'] as const) {
    await timeIt(`QA retrieval stage (${mode})`, async () => {
      const { ctx } = makeQaContext(c);
      return retrieve(ctx, `What is known about ${pick()} and gut microbiota in obesity?`, mode);
    });
  }
  await svc.close();
}
