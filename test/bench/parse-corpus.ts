/**
 * Parses every file of the given folders through the parse worker and prints one line each: status, pages,
 * blocks, or the precise error. Usage: `npx tsx test/bench/parse-corpus.ts [dir…]`; by default the shared
 * evaluation folders next to the repository (../shared/data/pdfs-hostile and ../shared/data/pdfs).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitIntoBlocks } from '../../src-main/core/ingest/chunk/split-blocks';
import { createParser, kindOfFile } from '../../src-main/core/ingest/parse/parse-in-worker';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [path.join(repo, '../shared/data/pdfs-hostile'), path.join(repo, '../shared/data/pdfs')];
const timeoutMs = Number(process.env.PARSE_TIMEOUT_MS ?? 60_000);
const parser = createParser({ workerPath: SOURCE_PARSE_WORKER, timeoutMs });

let failures = 0;
for (const dir of dirs) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.log(`SKIP ${dir}: folder absent (the shared evaluation data is not next to this checkout)`);
    continue;
  }
  const files = readdirSync(dir)
    .filter((f) => kindOfFile(f) !== null)
    .sort();
  console.log(`# ${dir} (${files.length} files)`);
  for (const f of files) {
    const t0 = Date.now();
    try {
      const doc = await parser.parseFile(path.join(dir, f));
      const blocks = splitIntoBlocks(doc.text, { pageOffsets: doc.pageOffsets });
      const ms = Date.now() - t0;
      console.log(
        `ok     ${f}  pages=${doc.pages} chunks=${blocks.length} chars=${doc.text.length} sections=${doc.sections.map((s) => s.name).join(',') || '-'} refs=${doc.references.length} doi=${doc.doi ?? '-'} title=${JSON.stringify((doc.title ?? '').slice(0, 60))} ${ms}ms`,
      );
    } catch (e) {
      failures++;
      const err = e as { code?: string; message?: string };
      console.log(`failed ${f}  ${err.code ?? 'error'}: ${err.message}  ${Date.now() - t0}ms`);
    }
  }
}
console.log(`done: ${failures} file(s) ended as a failed job, none crashed or hung`);
