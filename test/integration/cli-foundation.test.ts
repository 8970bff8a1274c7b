import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// These run the BUILT app as a newcomer would (npm test builds first), not the sources.
const built = fs.existsSync('out/main/cli.js');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-'));

describe.skipIf(!built)('the ariadne command (built)', () => {
  it('--help lists the commands and the global options', () => {
    const out = execFileSync(process.execPath, ['bin/ariadne.js', '--help'], { encoding: 'utf8' });
    for (const word of ['serve', 'doctor', '--data', '--llm', '--ollama', '--chat-model', '--embed-model'])
      expect(out).toContain(word);
    const serveHelp = execFileSync(process.execPath, ['bin/ariadne.js', 'serve', '--help'], {
      encoding: 'utf8',
    });
    expect(serveHelp).toContain('--port');
  });

  it('doctor --json reports the checks and says what to do when Ollama is absent', () => {
    const out = execFileSync(
      process.execPath,
      ['bin/ariadne.js', '--data', tmp(), '--ollama', 'http://127.0.0.1:9', 'doctor', '--json'],
      {
        encoding: 'utf8',
      },
    );
    const report = JSON.parse(out) as {
      ok: boolean;
      provider: string;
      checks: { name: string; ok: boolean; detail: string; fix?: string }[];
    };
    expect(report.provider).toBe('builtin');
    expect(report.checks.find((c) => c.name === 'data-dir')?.ok).toBe(true);
    const ollama = report.checks.find((c) => /ollama/i.test(c.name + c.detail));
    expect(ollama?.detail).toMatch(/not running|unreachable|127\.0\.0\.1:9/i);
  });

  it('npm start without the Electron binary says why in one line and prints the headless URL', async () => {
    const child = spawn(process.execPath, ['scripts/start.js', '--data', tmp(), '--llm', 'builtin'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      await expect
        // About 3 s idle; the limit is for a loaded 2-core machine (start-up speed is a benchmark's job).
        .poll(() => /http:\/\/127\.0\.0\.1:\d+\/\?token=/.test(out), { timeout: 90_000, interval: 100 })
        .toBe(true);
      if (!fs.existsSync(path.join('node_modules/electron/dist')))
        expect(out).toMatch(/Electron binary .*headless UI instead/);
      // Human lines only: the structured log goes to the library's log file.
      expect(out).not.toMatch(/^\{"/m);
      expect(out).not.toMatch(/try installing again/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
