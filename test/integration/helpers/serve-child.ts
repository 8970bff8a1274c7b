// A headless `serve` from source, for tests that must see whether the process survives what a client sends:
// boots the core on argv[2], serves the API with the token argv[3] and prints `port <n>`. `crash` as argv[4]
// throws an uncaught error once the library is open (checks that the lock file goes with the process).
import { bootCore } from '../../../src-main/core/boot';
import { createMemoryLogger } from '../../../src-main/core/deps';
import { createDispatcher } from '../../../src-main/rpc/dispatch';
import { startApiServer } from '../../../src-main/rpc/server/http-server';
import { createRestRoutes } from '../../../src-main/rpc/server/rest-facade';

const [dataDir, token, mode] = process.argv.slice(2);
const log = createMemoryLogger();
const { core } = await bootCore({
  dataDir: dataDir!,
  llm: 'builtin',
  ollamaUrl: 'http://127.0.0.1:9',
  host: 'test',
  version: '0.0.0-test',
  log,
});
const dispatcher = createDispatcher(core.handlers, log);
const server = await startApiServer({
  dispatcher,
  routes: createRestRoutes({ dispatcher, metrics: () => '' }),
  events: core.events,
  token: token!,
  staticRoot: null,
  log,
});
process.stdout.write(`port ${server.port}\n`);
if (mode === 'crash')
  setTimeout(() => {
    throw new Error('deliberate crash');
  }, 10);
