import fs from 'node:fs';
import type { Command } from 'commander';
import type { HealthCheck } from '../../contract';
import { VERSION } from '../../version';
import { cliLogger, llmOverrides, type GlobalOptions } from '../global-options';
import { providerChecks } from './doctor-provider';
import { libraryFileChecks, vectorChecks } from './doctor-library';
import { printableLines } from '../printable';

export function registerDoctor(program: Command) {
  program
    .command('doctor')
    .description('Check the library folder, its lock, the model server and its models, and say what to fix')
    .option('--json', 'print the checks as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const checks: HealthCheck[] = [];
      let dataDirOk = true;
      try {
        fs.mkdirSync(g.data, { recursive: true });
      } catch (e) {
        dataDirOk = false;
        checks.push({
          name: 'data-dir',
          ok: false,
          detail: `cannot create ${g.data}: ${(e as Error).message}`,
          fix: 'Choose another folder with --data DIR.',
        });
      }
      const server = await providerChecks(g);
      checks.push(...server.checks);
      const warnings = new Set(server.warnings);
      let provider: string = g.llm ?? 'auto';
      const files = dataDirOk ? await libraryFileChecks(g.data) : { checks: [], bootable: false };
      checks.push(...files.checks);
      if (dataDirOk && files.bootable) {
        try {
          const t0 = performance.now();
          const { core, providerNote } = await (
            await import('../../core/boot')
          ).bootCore({
            dataDir: g.data,
            ...llmOverrides(g),
            host: 'serve',
            version: VERSION,
            log: cliLogger(g),
          });
          // Time to ready: from process start (performance's time origin) to an open library and core.
          const ready = performance.now();
          checks.push({
            name: 'time-to-ready',
            ok: true,
            detail: `ready ${Math.round(ready)} ms after start (core and library opened in ${Math.round(ready - t0)} ms)`,
          });
          // The vector index opens on first use, after "ready": open it here so a broken one shows, and
          // say what that first use costs.
          const v0 = performance.now();
          const vectors = await core.stores.vectors.ready().then(
            () => null,
            (e: unknown) => (e instanceof Error ? e.message : String(e)),
          );
          checks.push({
            name: 'vector-index',
            ok: vectors === null,
            detail:
              vectors === null
                ? `vector index opened and reconciled with the graph in ${Math.round(performance.now() - v0)} ms (on first use)`
                : `the vector index does not open: ${vectors}`,
            fix:
              vectors === null
                ? undefined
                : '`ariadne repair` sets it aside and embeds the graph again (with the kept model replies).',
          });
          if (vectors === null) checks.push(...(await vectorChecks(core)));
          const health = await core.health();
          provider = health.provider;
          // The fallback's reason and fix repeat the server check above: say once which engine runs.
          for (const c of health.checks)
            checks.push(
              providerNote && c.name === 'provider:builtin'
                ? {
                    ...c,
                    detail: 'LLM: the built-in offline engine (rules and hashed embeddings, no model)',
                    fix: undefined,
                  }
                : c,
            );
          await core.close();
        } catch (e) {
          const err = e as { code?: string; message: string };
          checks.push({
            name: err.code === 'library_locked' ? 'lock' : 'boot',
            ok: false,
            detail: err.message,
            fix:
              err.code === 'library_locked'
                ? 'Close the other Ariadne window or `ariadne serve`, or use another --data folder.'
                : undefined,
          });
        }
      }
      const ok = checks.every((c) => c.ok);
      if (opts.json) {
        process.stdout.write(
          JSON.stringify(
            { ok, version: VERSION, dataDir: g.data, provider, checks, warnings: [...warnings] },
            null,
            2,
          ) + '\n',
        );
      } else {
        process.stdout.write(`Ariadne ${VERSION} — library ${g.data}\n`);
        for (const c of checks) {
          // Details quote paths, model names and server replies: shown, never interpreted.
          process.stdout.write(
            printableLines(`${!c.ok ? '✗' : warnings.has(c.name) ? '!' : '✓'} ${c.detail}`) + '\n',
          );
          if (c.fix) process.stdout.write(printableLines(`    → ${c.fix}`) + '\n');
        }
        process.stdout.write(
          !ok
            ? 'Some checks failed: see the → lines above.\n'
            : warnings.size
              ? 'Ariadne works with its built-in offline engine; for model-quality extraction see the ! line above.\n'
              : 'Everything looks good.\n',
        );
      }
      process.exitCode = ok ? 0 : 1;
    });
}
