import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeFixtures } from '../fixtures/make-fixtures';

/**
 * A library of the generated fixture papers, read by the built CLI with the built-in engine (`ingest` waits
 * until every document is done). Returns the library's data folder, for `startServe`.
 */
export async function fixtureLibrary(prefix: string): Promise<string> {
  const fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}fx-`)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync(
    process.execPath,
    ['bin/ariadne.js', '--data', dataDir, '--llm', 'builtin', 'ingest', ...fx.papers.map((p) => p.file)],
    { stdio: 'ignore' },
  );
  return dataDir;
}
