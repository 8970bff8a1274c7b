import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';

function electronBinary(): { bin?: string; why?: string } {
  try {
    const bin = createRequire(import.meta.url)('electron') as string;
    return fs.existsSync(bin) ? { bin } : { why: `no Electron binary at ${bin}` };
  } catch (e) {
    return { why: `the Electron binary is not installed (${(e as Error).message.split('\n')[0]})` };
  }
}

const { bin, why } = electronBinary();
if (!bin)
  console.log(
    `[skip] Electron launch test: ${why}. The same UI is covered in Chromium by app-shell.test.ts.`,
  );

describe.skipIf(!bin)('the desktop window (Electron)', () => {
  it('opens one secure window on app:// with the shell', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-electron-'));
    const app = await electron.launch({
      executablePath: bin,
      args: ['--no-sandbox', '.'],
      env: { ...process.env, ARIADNE_DATA: dataDir, ARIADNE_LLM: 'builtin' },
    });
    try {
      const win = await app.firstWindow();
      expect(win.url()).toMatch(/^app:\/\/ariadne\//);
      await expect
        .poll(() => win.getByTestId('status-provider').textContent(), { timeout: 20_000 })
        .toContain('built-in');
      // Sandboxed, isolated, no Node: the page sees neither require nor process, only the preload's API.
      const page = await win.evaluate(() => ({
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
        api: Object.keys((window as unknown as { api: object }).api).sort(),
      }));
      expect(page.require).toBe('undefined');
      expect(page.process).toBe('undefined');
      expect(page.api).toContain('app:info');
      expect(page.api).not.toContain('invoke');
      fs.mkdirSync('test-results/screens', { recursive: true });
      await win.screenshot({ path: 'test-results/screens/electron-window.png' });
    } finally {
      await app.close();
    }
  });
});
