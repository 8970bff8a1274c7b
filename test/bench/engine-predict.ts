import fs from 'node:fs';
import path from 'node:path';
import { groundExtraction } from '../../src-main/core/ingest/ground/grounding';
import { findAbbreviations } from '../../src-main/core/nlp/abbreviations';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../../src-main/core/llm/tasks';
import { ctx, openCore, tempDir } from '../integration/ingest/harness';
import { builtWorkerPaths } from './built-workers';

/** What the engine produced for one document, as `ariadne entities --doc` and the evidence rows show it. */
export interface PredictedDoc {
  entities: { name: string; type: string; aliases: string[] }[];
  /** Extracted relations between entities of this document (names as stored), with their keywords. */
  relations: { source: string; target: string; keywords: string[] }[];
}

/** An abstract to read: its id and its text (title, blank line, abstract). */
export interface BenchDoc {
  id: string;
  text: string;
}

/**
 * The extractor alone (no store, no entity resolution): seconds instead of minutes, for iteration; close to
 * but not the same as the pipeline. Prints the extract task's warm CPU per abstract.
 */
export async function predictDirect(docs: readonly BenchDoc[]): Promise<Map<string, PredictedDoc>> {
  const tasks = createTasks(createBuiltinProvider());
  const out = new Map<string, PredictedDoc>();
  // CPU per abstract of the extract task alone, warm (model loaded, code compiled), as a worker runs it
  // after its first passage: CPU time, not wall time, so the shared machine's load changes it little.
  for (const d of docs) await tasks.extract({ text: d.text });
  const cpu0 = process.cpuUsage();
  for (const d of docs) await tasks.extract({ text: d.text });
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `extract task CPU, warm: ${((cpu.user + cpu.system) / 1000 / docs.length).toFixed(2)} ms per abstract`,
  );
  for (const d of docs) {
    const g = groundExtraction(await tasks.extract({ text: d.text }), d.text);
    // Abbreviation partners become aliases, as entity resolution joins them in the pipeline.
    const pairs = findAbbreviations(d.text);
    const nameOf = new Map(g.entities.map((e) => [e.key, e.name]));
    out.set(d.id, {
      entities: g.entities.map((e) => ({
        name: e.name,
        type: e.type,
        aliases: pairs.flatMap((p) =>
          p.long.toLowerCase() === e.name.toLowerCase()
            ? [p.short]
            : p.short.toLowerCase() === e.name.toLowerCase()
              ? [p.long]
              : [],
        ),
      })),
      relations: g.relations.map((r) => ({
        source: nameOf.get(r.source) ?? r.source,
        target: nameOf.get(r.target) ?? r.target,
        keywords: r.keywords,
      })),
    });
  }
  return out;
}

/**
 * Every abstract ingested with the built-in provider through the real pipeline into a temporary library,
 * read back as `graph:entities` lists a document's entities, plus each entity's evidence rows of that
 * document. Prints the wall time and the peak RSS of this process (the ingest workers are threads of it).
 */
export async function predictPipeline(
  docs: readonly BenchDoc[],
  label: string,
): Promise<Map<string, PredictedDoc>> {
  const dir = tempDir(`ariadne-${label}-docs-`);
  const files = docs.map((d) => {
    const file = path.join(dir, `${d.id}.txt`);
    fs.writeFileSync(file, `${d.text}\n`);
    return file;
  });
  const core = await openCore(
    tempDir(`ariadne-${label}-lib-`),
    createBuiltinProvider(),
    {},
    builtWorkerPaths(),
  );
  try {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await core.handlers['library:import']({ paths: files }, ctx());
    await core.ingest.waitFor(res.added.map((a) => a.id));
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `ingested in ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (shared machine)`,
    );
    const graph = core.stores.graph;
    const out = new Map<string, PredictedDoc>();
    for (const a of res.added) {
      const id = a.fileName.replace(/\.txt$/, '');
      const { entities } = await core.handlers['graph:entities']({ documentId: a.id, limit: 100_000 }, ctx());
      const relations: PredictedDoc['relations'] = [];
      const seen = new Set<string>();
      for (const e of entities) {
        for (const row of await graph.listEvidence(e.id)) {
          if (row.docId !== a.id || seen.has(row.id)) continue;
          seen.add(row.id);
          relations.push({ source: row.sourceName, target: row.targetName, keywords: row.keywords });
        }
      }
      out.set(id, { entities, relations });
    }
    return out;
  } finally {
    await core.close();
  }
}
