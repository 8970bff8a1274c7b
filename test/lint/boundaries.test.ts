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
