import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type PasswordIo, lockedHint, passwordSource, readStdinLine } from './pdf-password';

type TestIo = PasswordIo & { asked: string[]; stdinReads: number };

function io(over: Partial<PasswordIo> = {}): TestIo {
  const answers = ['', 'secret two'];
  const state: TestIo = {
    interactive: false,
    env: {},
    asked: [] as string[],
    stdinReads: 0,
    askHidden: async (q: string): Promise<string> => (state.asked.push(q), answers.shift() ?? ''),
    readStdinLine: async (): Promise<string> => (state.stdinReads++, 'from stdin'),
    ...over,
  };
  return state;
}

describe('where the CLI gets a PDF password', () => {
  it('nowhere without --password, the environment or a terminal: nothing is read from stdin', () => {
    const x = io();
    expect(passwordSource(false, x)).toBeNull();
    expect(x.stdinReads).toBe(0);
  });

  it('ARIADNE_PDF_PASSWORD comes first, for every file, without a prompt', async () => {
    const x = io({ interactive: true, env: { ARIADNE_PDF_PASSWORD: 'env pw' } });
    const s = passwordSource(true, x)!;
    expect(await s.passwordFor('a.pdf', false)).toBe('env pw');
    expect(await s.passwordFor('b.pdf', false)).toBe('env pw');
    expect([s.asks, s.from, x.asked.length]).toEqual([false, 'ARIADNE_PDF_PASSWORD', 0]);
  });

  it('--password off a terminal reads stdin once, for every locked file', async () => {
    const x = io();
    const s = passwordSource(true, x)!;
    expect(await s.passwordFor('a.pdf', false)).toBe('from stdin');
    expect(await s.passwordFor('b.pdf', false)).toBe('from stdin');
    expect([x.stdinReads, s.asks, s.from]).toEqual([1, false, 'stdin']);
  });

  it('on a terminal it asks for each file, Enter skips, and says when the last one was wrong', async () => {
    const x = io({ interactive: true });
    const s = passwordSource(false, x)!;
    expect(await s.passwordFor('a.pdf', false)).toBeNull();
    expect(await s.passwordFor('b.pdf', true)).toBe('secret two');
    expect(x.asked).toEqual([
      'Password for a.pdf (Enter to skip): ',
      'That password was wrong. Password for b.pdf (Enter to skip): ',
    ]);
    expect(s.asks).toBe(true);
  });

  it('stdin gives its first line whole, spaces kept, line ending dropped', async () => {
    expect(await readStdinLine(Readable.from([' pass', ' word \r\n', 'second\n']))).toBe(' pass word ');
    expect(await readStdinLine(Readable.from([]))).toBe('');
  });

  it('a locked row says how to give the password, and where a wrong one came from', () => {
    expect(lockedHint('a.pdf', false, undefined)).toMatch(
      /^This PDF is locked .*--password.*ARIADNE_PDF_PASSWORD/,
    );
    expect(lockedHint('a.pdf', true, 'stdin')).toMatch(
      /^The password \(from stdin\) was wrong: run `ariadne ingest a\.pdf --password`/,
    );
  });
});
