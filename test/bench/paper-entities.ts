/**
 * What the built-in engine makes of the shared real papers: ingests each PDF of ../shared/data/pdfs through
 * the pipeline (temporary library) and prints the 30 most mentioned entities of each, as
 * `ariadne entities --doc` lists them, then the extract task's CPU per page (pdftotext pages, warm).
 * Usage: `npx tsx test/bench/paper-entities.ts [--dir DIR] [--top N]`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../../src-main/core/llm/tasks';
import { ctx, openCore, tempDir } from '../integration/ingest/harness';
import { builtWorkerPaths } from './built-workers';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve(import.meta.dirname, '../../../shared/data/pdfs') },
    top: { type: 'string', default: '30' },
  },
});
const pdfs = fs.existsSync(values.dir)
  ? fs
      .readdirSync(values.dir)
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => path.join(values.dir, f))
  : [];
if (!pdfs.length) {
  console.log(`No PDFs in ${values.dir}: nothing to show.`);
  process.exit(0);
}

const core = await openCore(tempDir('ariadne-papers-'), createBuiltinProvider(), {}, builtWorkerPaths());
try {
  const res = await core.handlers['library:import']({ paths: pdfs }, ctx());
  await core.ingest.waitFor(res.added.map((a) => a.id));
  for (const a of res.added) {
    const { entities, total } = await core.handlers['graph:entities'](
      { documentId: a.id, limit: Number(values.top) },
      ctx(),
    );
    console.log(`\n${a.fileName}: ${total} entities; the ${entities.length} most mentioned`);
    for (const e of entities) {
      const aliases = e.aliases.filter((x) => x.toLowerCase() !== e.name.toLowerCase());
      console.log(
        `  ${String(e.mentionCount).padStart(3)}  ${e.name} (${e.type})${aliases.length ? ` — ${aliases.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await core.close();
}

// Extraction cost per page, independent of the store: the extract task on each page's text (pdftotext).
const pages: string[] = [];
for (const pdf of pdfs) {
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  pages.push(...text.split('\f').filter((p) => p.trim()));
}
const tasks = createTasks(createBuiltinProvider());
for (const p of pages) await tasks.extract({ text: p });
const c0 = process.cpuUsage();
for (let r = 0; r < 3; r++) for (const p of pages) await tasks.extract({ text: p });
const c = process.cpuUsage(c0);
console.log(
  `\nextract task CPU, warm: ${((c.user + c.system) / 1000 / 3 / pages.length).toFixed(2)} ms per page (${pages.length} pages)`,
);
