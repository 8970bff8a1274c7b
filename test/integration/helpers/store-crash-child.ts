/**
 * Child process for the crash tests: opens a library and ingests synthetic documents until killed (with
 * frequent graph checkpoints), or
 * (mode "probe") tries to open the library and reports the outcome. Usage:
 *   node --import tsx store-crash-child.ts <dataDir> write <firstIndex> <committedLog>
 *   node --import tsx store-crash-child.ts <dataDir> probe
 */
import fs from 'node:fs';
import { ingest, open } from './store-fixtures';
import { syntheticDoc } from './store-synthetic';

const [dataDir, mode, first, logFile] = process.argv.slice(2) as [string, string, string?, string?];

if (mode === 'probe') {
  try {
    const lib = await open(dataDir);
    await lib.close();
    process.stdout.write(JSON.stringify({ ok: true }) + '\n');
  } catch (e) {
    const err = e as { code?: string; message?: string };
    process.stdout.write(JSON.stringify({ ok: false, code: err.code, message: err.message }) + '\n');
  }
  process.exit(0);
}

// A graph checkpoint every few documents (the product waits for 32 MiB of WAL), so kills can land in one.
const lib = await open(dataDir, { checkpointWalBytes: 64 * 1024 });
process.stdout.write('ready\n');
for (let i = Number(first); ; i++) {
  const doc = syntheticDoc(i);
  await ingest(lib, doc);
  // Logged only after the graph transaction and the vector writes returned: "committed".
  const fd = fs.openSync(logFile!, 'a');
  fs.writeSync(fd, doc.id + '\n');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}
