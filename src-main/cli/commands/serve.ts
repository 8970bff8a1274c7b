import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { type GlobalOptions, bootFromOptions, cliLogger } from '../global-options';

/** The built renderer: beside the bundle (out/main → out/renderer) or, from source, under out/. */
export function findRendererRoot(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, '../renderer'),
    path.join(here, '../../../out/renderer'),
    path.join(here, '../../out/renderer'),
  ];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html'))) ?? null;
}

export function registerServe(program: Command) {
  program
    .command('serve')
    .description('Serve the Ariadne UI and API on 127.0.0.1 (open the printed URL in a browser)')
    .option('--port <n>', 'port to listen on (default: a free one)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--port must be 0–65535, got ${v}`);
      return n;
    })
    .action(async (opts: { port?: number }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const log = cliLogger(g);
      fs.mkdirSync(g.data, { recursive: true });
      // The HTTP and WebSocket server load with the command, not with `ariadne --help` or another command.
      const [{ createDispatcher }, { startApiServer }, { loadOrCreateToken }, endpoint, rest] =
        await Promise.all([
          import('../../rpc/dispatch'),
          import('../../rpc/server/http-server'),
          import('../../rpc/server/token'),
          import('../../rpc/server/library-endpoint'),
          import('../../rpc/server/rest-facade'),
        ]);
      const { core, providerNote } = await bootFromOptions(g, log);
      const staticRoot = findRendererRoot();
      const dispatcher = createDispatcher(core.handlers, log);
      const server = await startApiServer({
        dispatcher,
        routes: rest.createRestRoutes({ dispatcher, metrics: () => core.retrieval.metrics.render() }),
        events: core.events,
        token: loadOrCreateToken(g.data),
        staticRoot,
        port: opts.port,
        log,
      });
      // Other `ariadne` commands on this library go through this server while it holds the library.
      const withdraw = endpoint.publishEndpoint(g.data, server.port);
      if (providerNote) process.stdout.write(`${providerNote}\n`);
      if (!staticRoot)
        process.stdout.write('The UI is not built yet (run `npm run build`); the API is up.\n');
      process.stdout.write(
        `Ariadne is running with the ${core.deps.llm.name} provider. Open:\n${server.url}\n`,
      );
      // Ready: what the library deferred (its vector index) now opens while the user opens the browser.
      core.warmUp();

      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        withdraw();
        await server.close();
        await core.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
      process.on('SIGHUP', () => void stop());
    });
}
