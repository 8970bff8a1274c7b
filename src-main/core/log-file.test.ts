import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileLogger, logFileOf } from './log-file';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-log-'));
afterEach(() => vi.restoreAllMocks());

describe('the library log file', () => {
  it('takes JSON lines at info and above, with child fields, and keeps stderr clean', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const dataDir = tmp();
    const log = createFileLogger({ dataDir, level: 'info' });
    log.log('debug', 'noise');
    log.child({ job: 'j1' }).log('warn', 'llm call', { outcome: 'timeout' });
    const lines = fs.readFileSync(logFileOf(dataDir), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      msg: 'llm call',
      job: 'j1',
      outcome: 'timeout',
    });
    expect(stderr).not.toHaveBeenCalled();
  });

  it('echoes to stderr with verbose', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const log = createFileLogger({ dataDir: tmp(), verbose: true, level: 'info' });
    log.log('info', 'graph schema migrated');
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/"msg":"graph schema migrated"/);
  });
});
