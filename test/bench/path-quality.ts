/**
 * What the evidence paths look like on the fixture library: how many are duplicates, how many re-quote one
 * sentence on two hops, how many cross from one paper to another through a generic one-word entity, and
 * how hub-heavy their middle nodes are; and how many distinct hops print, byte for byte, the sentence their
 * citation quotes (and how many cite the very sentence their relation was read from, the built-in engine's
 * description). Counts, so machine load does not change them.
 *   npx tsx test/bench/path-quality.ts [file.pdf…]   (default: the generated fixture papers)
 */
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { isGenericName } from '../../src-main/core/retrieval/search/generic';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from '../integration/ingest/harness';

const core = await openCore(tempDir('ariadne-path-quality-'), createBuiltinProvider());
try {
  const files = process.argv.slice(2);
  await ingestAll(core, files.length ? files : await corpusPaths());
  const sg = await core.handlers['graph:subgraph'](
    { mode: 'top', limit: 2000, filters: { direction: 'both', minEvidence: 1 } },
    ctx(),
  );
  const degree = new Map(sg.nodes.map((n) => [n.id, n.degree]));
  let paths = 0;
  let duplicates = 0;
  let requoted = 0;
  let genericCrossings = 0;
  let middle = 0;
  let middleDegree = 0;
  let genericMiddle = 0;
  const hops = new Set<string>();
  let printsQuote = 0;
  let readFromQuote = 0;
  const top = [...sg.nodes].sort((a, b) => b.degree - a.degree).slice(0, 12);
  const queries = [
    ...sg.nodes.map((n) => ({ term: n.name, entityId: n.id })),
    ...top.flatMap((a, i) =>
      top.slice(i + 1).map((b) => ({ term: a.name, entityId: a.id, to: b.name, toEntityId: b.id })),
    ),
  ];
  for (const q of queries) {
    const r = await core.handlers['graph:search'](
      { ...q, hops: 3, limit: 10, filters: { direction: 'both', minEvidence: 1 } },
      ctx(),
    );
    const seen = new Set<string>();
    for (const p of r.paths) {
      paths++;
      const key = p.nodes.map((x) => x.id).join('|');
      if (seen.has(key) || seen.has(p.text)) duplicates++;
      seen.add(key);
      seen.add(p.text);
      const lines = p.text.split('\n');
      p.edges.forEach((e, i) => {
        const hop = `${e.source}|${e.target}|${e.best.citation.chunkId}|${e.best.citation.quote}`;
        if (hops.has(hop)) return;
        hops.add(hop);
        if (lines[i]?.includes(`[${e.best.citation.quote.replace(/\r?\n/g, ' ')} (`)) printsQuote++;
        if (e.best.description === e.best.citation.quote) readFromQuote++;
      });
      const quotes = p.edges.map((e) => `${e.best.citation.chunkId}|${e.best.citation.quote}`);
      if (new Set(quotes).size < quotes.length) requoted++;
      for (let i = 1; i + 1 < p.nodes.length; i++) {
        middle++;
        middleDegree += degree.get(p.nodes[i]!.id) ?? 0;
        if (isGenericName(p.nodes[i]!.name)) genericMiddle++;
        const [a, b] = [p.edges[i - 1]!.best.citation.documentId, p.edges[i]!.best.citation.documentId];
        if (a !== b && isGenericName(p.nodes[i]!.name)) genericCrossings++;
      }
    }
  }
  console.log(
    `${sg.nodes.length} terms and ${queries.length - sg.nodes.length} pairs, ${paths} paths (top 10 each): ${duplicates} duplicates, ${requoted} re-quote a sentence, ` +
      `${genericCrossings} cross papers through a generic entity; mean middle-node degree ${(middleDegree / Math.max(1, middle)).toFixed(2)} over ${middle} middle nodes, ${genericMiddle} of them generic words`,
  );
  console.log(
    `${hops.size} distinct hops: ${printsQuote} print the quote their citation carries, ${readFromQuote} cite the sentence their relation was read from`,
  );
} finally {
  await core.close();
}
