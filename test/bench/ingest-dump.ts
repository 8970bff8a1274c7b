/**
 * Writes what the built-in engine stores for a set of PDFs (the canonical dump: documents, chunks,
 * mentions, evidence, questions, vectors, plus every document's line geometry) to a JSON file, so two
 * builds of the pipeline can be compared byte for byte. Each file is ingested into its own library, so a
 * document that fails cannot change what another one resolves against.
 * Usage: `npx tsx test/bench/ingest-dump.ts OUT.json [file.pdf…]` (default: the shared PDFs, the hostile
 * ones, the fixture papers and a generated 120-page PDF).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeFixtures } from '../fixtures/make-fixtures';
import { makeLongPdf } from '../fixtures/long-pdf';
import { ingestAll, ingestionDump, openCore } from '../integration/ingest/harness';
import { builtWorkerPaths } from './built-workers';
import { pdfsIn } from './pdf-files';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2];
if (!out) throw new Error('usage: ingest-dump.ts OUT.json [file.pdf…]');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ariadne-ingest-dump-'));

async function files(): Promise<string[]> {
  if (process.argv.length > 3) return process.argv.slice(3);
  const shared = pdfsIn(path.join(repo, '../shared/data/pdfs'));
  const hostile = pdfsIn(path.join(repo, '../shared/data/pdfs-hostile'));
  const fx = await makeFixtures(path.join(tmp, 'fixtures'));
  const long = path.join(tmp, 'generated-120-pages.pdf');
  writeFileSync(long, await makeLongPdf(shared.length ? shared : fx.papers.map((p) => p.file), 120));
  return [...shared, ...hostile, ...fx.papers.map((p) => p.file), long];
}

const result: Record<string, unknown> = {};
for (const f of await files()) {
  const dataDir = mkdtempSync(path.join(tmp, 'lib-'));
  const core = await openCore(dataDir, createBuiltinProvider(), {}, builtWorkerPaths());
  try {
    const { jobs } = await ingestAll(core, [f]);
    const dump = await ingestionDump(core.stores);
    const geometry = await Promise.all(
      dump.documents.map(async (d) => core.ingest.documentGeometry(String((d as { id: unknown }).id))),
    );
    result[path.basename(f)] = { status: jobs.map((j) => j.status), dump, geometry };
    console.log(`${path.basename(f)}: ${jobs.map((j) => j.status).join(',')}`);
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
writeFileSync(out, JSON.stringify(result));
rmSync(tmp, { recursive: true, force: true });
process.exit(0);
