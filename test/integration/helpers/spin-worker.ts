// An ingest worker whose text parser never returns when the text says "spin": the pool's time budget must
// end it. Any other text parses normally.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { parseText } from '../../../src-main/core/ingest/parse/text';
import { parseOutcome } from '../../../src-main/core/ingest/parse/worker-api';

Comlink.expose(
  {
    parseText: (text: string, kind: 'txt' | 'md') =>
      parseOutcome(() => {
        while (text === 'spin') {}
        return parseText(text, kind);
      }),
    hash: async () => 'x',
  },
  nodeEndpoint(parentPort!),
);
