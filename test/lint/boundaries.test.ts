import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints source text as if it lived at a given path, so the layering rules are proven by failing cases.
async function lintAs(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('a core file importing electron fails lint', async () => {
    const msgs = await lintAs(
      'src-main/core/library/bad.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
    );
    expect(msgs.join()).toMatch(/never import electron/);
  });

  it('a worker or CLI file importing electron fails lint', async () => {
    expect(
      await lintAs('src-worker/bad.ts', "import { app } from 'electron';\nexport const x = app;\n"),
    ).toHaveLength(1);
    expect(
      await lintAs('src-main/cli/bad.ts', "import { app } from 'electron';\nexport const x = app;\n"),
    ).toHaveLength(1);
  });

  it('a renderer file importing from src-main/core fails lint; the contract is allowed', async () => {
    const bad = await lintAs(
      'src-renderer/features/bad.ts',
      "import { createCore } from '../../src-main/core/create-core';\nexport const x = createCore;\n",
    );
    expect(bad.join()).toMatch(/only src-renderer and src-main\/contract/);
    const ok = await lintAs(
      'src-renderer/features/ok.ts',
      "import { methods } from '../../src-main/contract';\nexport const x = methods;\n",
    );
    expect(ok).toEqual([]);
  });

  it('raw ipcMain is refused outside the rpc Electron transport and allowed inside it', async () => {
    const code = "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n";
    expect((await lintAs('src-main/electron/window.ts', code)).join()).toMatch(/Raw IPC/);
    expect(await lintAs('src-main/rpc/transports/electron-ipc.ts', code)).toEqual([]);
  });

  it('the contract may not import the core', async () => {
    const msgs = await lintAs(
      'src-main/contract/bad.ts',
      "import { createCore } from '../core/create-core';\nexport const x = createCore;\n",
    );
    expect(msgs.join()).toMatch(/zod only/);
  });
});

// Fixtures live in test/lint-fixtures (ignored by the project lint) and are linted at the path they name.
const fixture = (name: string) => readFileSync(`test/lint-fixtures/${name}.ts`, 'utf8');

describe('layers inside core', () => {
  it('a retrieval file importing the Kùzu implementation fails lint, under the new and the old folder name', async () => {
    const kuzu = await lintAs('src-main/core/retrieval/lint-fixture.ts', fixture('retrieval-imports-kuzu'));
    expect(kuzu.join()).toMatch(/only src-main\/core\/store\/\*\* \(backends\.ts\) imports them/);
    const old = await lintAs(
      'src-main/core/retrieval/search/lint-fixture.ts',
      fixture('retrieval-imports-old-graph-folder'),
    );
    expect(old).toHaveLength(1);
  });

  it('a retrieval file importing the store interface and a model task passes', async () => {
    expect(
      await lintAs('src-main/core/retrieval/lint-fixture.ts', fixture('retrieval-imports-store-interface')),
    ).toEqual([]);
  });

  it('the store registration point may import both implementations', async () => {
    expect(await lintAs('src-main/core/store/backends.ts', fixture('store-backends-imports-kuzu'))).toEqual(
      [],
    );
  });

  it('the model layer may not import the store', async () => {
    const msgs = await lintAs('src-main/core/llm/lint-fixture.ts', fixture('llm-imports-store'));
    expect(msgs.join()).toMatch(/core\/llm may import only/);
  });

  it('the CLI may not import a store implementation or a model client', async () => {
    expect(
      await lintAs('src-main/cli/commands/lint-fixture.ts', fixture('cli-imports-lancedb')),
    ).toHaveLength(1);
    const ollama = await lintAs(
      'src-main/cli/commands/lint-fixture.ts',
      "import { probe } from '../../core/llm/ollama/ollama-server';\nexport const x = probe;\n",
    );
    expect(ollama.join()).toMatch(/not stores, ingest steps or model clients/);
  });

  it('retrieval may not import ingest internals; the store may not import ingest, retrieval or llm', async () => {
    const code = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
    expect(await lintAs('src-main/core/retrieval/qa/bad.ts', code('../../ingest/chunk/prose'))).toHaveLength(
      1,
    );
    for (const from of ['../../ingest/queue/job-queue', '../../retrieval/text', '../../llm/tasks']) {
      expect(await lintAs('src-main/core/store/kuzu/bad.ts', code(from))).toHaveLength(1);
    }
  });
});

describe('layers inside ingest (parse → chunk → pipeline, runtime below pipeline)', () => {
  it('the runtime may not import the pipeline it runs', async () => {
    const msgs = await lintAs(
      'src-main/core/ingest/runtime/lint-fixture.ts',
      fixture('ingest-runtime-imports-pipeline'),
    );
    expect(msgs.join()).toMatch(/core\/ingest\/runtime may import only/);
  });

  it('the queue may not import the pipeline; parse may not import the service above it', async () => {
    expect(
      await lintAs('src-main/core/ingest/queue/lint-fixture.ts', fixture('ingest-queue-imports-pipeline')),
    ).toHaveLength(1);
    const msgs = await lintAs(
      'src-main/core/ingest/parse/lint-fixture.ts',
      fixture('ingest-parse-imports-service'),
    );
    expect(msgs.join()).toMatch(/core\/ingest\/parse may import only/);
  });

  it('the pipeline may import the runtime, the queue and resolution below it', async () => {
    expect(
      await lintAs(
        'src-main/core/ingest/pipeline/lint-fixture.ts',
        fixture('ingest-pipeline-imports-runtime'),
      ),
    ).toEqual([]);
    // …and the rules of core still hold inside ingest's folders.
    const store = await lintAs(
      'src-main/core/ingest/pipeline/lint-fixture.ts',
      "import { x } from '../../retrieval/text';\nexport const y = x;\n",
    );
    expect(store.join()).toMatch(/core\/ingest may import only/);
  });
});
