import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Opens a Kùzu database read-only in a child process and reads every row of every table. Kùzu 0.11 trusts
 * its pages: one 4 KB block of random bytes in graph.kuzu made every command, `doctor` included, die with
 * SIGSEGV (exit 139, no message) as it opened the library. Here a crash ends the child, and the answer says
 * where it happened. Read-only: nothing is replayed into the files or checkpointed.
 */
export interface ProbeResult {
  ok: boolean;
  /** The graph's commit counter (max GraphCommit.n), when the probe got that far; -1 when absent. */
  generation: number | null;
  /** Rows read across all tables. */
  rows: number;
  tables: number;
  /** What went wrong, in words (a signal, Kùzu's error, a timeout). */
  problem: string | null;
  ms: number;
}

// Plain JavaScript, run with `node --input-type=module -e`: no entry file to build or ship.
const SCRIPT = `
const [kuzuUrl, dbPath] = process.argv.slice(1);
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const kuzu = (await import(kuzuUrl)).default;
say({ stage: 'opening' });
const db = new kuzu.Database(dbPath, 0, true, true, 0, false);
await db.init();
const conn = new kuzu.Connection(db);
await conn.init();
const all = async (c) => { const r = await conn.query(c); const rows = await r.getAll(); r.close(); return rows; };
say({ stage: 'opened' });
const tables = await all('CALL show_tables() RETURN name, type');
let generation = -1;
if (tables.some((t) => t.name === 'GraphCommit')) {
  const g = await all('MATCH (c:GraphCommit) RETURN max(c.n) AS n');
  generation = g[0]?.n == null ? 0 : Number(g[0].n);
}
say({ stage: 'generation', generation });
let rows = 0;
for (const t of tables) {
  say({ stage: 'table', table: t.name });
  const q = t.type === 'NODE' ? 'MATCH (x:' + t.name + ') RETURN x' : 'MATCH ()-[x:' + t.name + ']->() RETURN x';
  const r = await conn.query(q);
  while (r.hasNext()) { r.getNextSync(); rows++; }
  r.close();
}
await conn.close();
await db.close();
say({ stage: 'done', rows, tables: tables.length, generation });
`;

interface Line {
  stage: string;
  table?: string;
  generation?: number;
  rows?: number;
  tables?: number;
}

function kuzuUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('kuzu')).href;
}

export function probeGraph(dbPath: string, opts: { timeoutMs?: number } = {}): Promise<ProbeResult> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, kuzuUrl(), dbPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Under Electron, process.execPath is the app: this makes it a plain Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const lines = out
        .split('\n')
        .filter(Boolean)
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Line];
          } catch {
            return [];
          }
        });
      const last = lines.at(-1);
      const generation = lines.find((l) => l.stage === 'generation')?.generation ?? null;
      const ms = performance.now() - started;
      if (code === 0 && last?.stage === 'done')
        return resolve({
          ok: true,
          generation,
          rows: last.rows ?? 0,
          tables: last.tables ?? 0,
          problem: null,
          ms,
        });
      const where =
        last?.stage === 'table'
          ? `while reading table ${last.table ?? '?'}`
          : last?.stage === 'opening'
            ? 'while opening it'
            : `after ${last?.stage ?? 'starting'}`;
      const how = signal
        ? signal === 'SIGKILL'
          ? 'did not finish in time'
          : `crashed (${signal})`
        : `failed: ${kuzuError(err) ?? `exit code ${code}`}`;
      resolve({
        ok: false,
        generation,
        rows: 0,
        tables: 0,
        problem: `the graph database ${how} ${where}`,
        ms,
      });
    });
  });
}

/** Kùzu's own message out of a child's stderr ("IO exception: …"), without Node's stack. */
function kuzuError(stderr: string): string | null {
  const line = stderr.split('\n').find((l) => /exception|error/i.test(l) && !/^\s+at /.test(l));
  return line
    ? line
        .replace(/^\[?Error:\s*/, '')
        .replace(/\]$/, '')
        .trim()
        .slice(0, 300)
    : null;
}
