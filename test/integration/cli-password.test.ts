import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_PASSWORD, type FixtureFiles, makeFixtures } from '../fixtures/make-fixtures';
import { filesHolding } from '../helpers/files-holding';
import { built, runBuiltCli } from './helpers/built-cli';

/**
 * `ariadne ingest` on an encrypted PDF: without a password it says how to give one, a wrong one says so
 * and the other files of the run are read all the same, the right one (on stdin or in the environment,
 * never in the arguments `ps` shows) opens it, and neither is kept in the library, its log or the output.
 */
describe.skipIf(!built)('encrypted PDFs from the CLI (built)', () => {
  let fx: FixtureFiles;
  let dir: string;
  const lib = () => path.join(dir, 'lib');
  const ingest = (files: string[], extra: string[] = []) => [
    '--data',
    lib(),
    '--llm',
    'builtin',
    'ingest',
    ...extra,
    ...files,
  ];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-password-'));
    fx = await makeFixtures(path.join(dir, 'fx'));
  });

  it('locked without a password, then a wrong one: each says what to do; the other file is read', async () => {
    const first = await runBuiltCli(ingest([fx.hostile.locked, fx.md]));
    expect(first.code, first.out).toBe(1);
    expect(first.out).toMatch(/failed\s+locked-tp53\.pdf/);
    expect(first.out).toContain(
      'This PDF is locked with a password: run `ariadne ingest locked-tp53.pdf --password`',
    );
    expect(first.out).toContain('ARIADNE_PDF_PASSWORD');
    expect(first.out).toMatch(/done\s+notes\.md/);

    const wrong = await runBuiltCli(ingest([fx.hostile.locked, fx.txt], ['--password']), 180_000, {
      input: 'not-the-password\n',
    });
    expect(wrong.code, wrong.out).toBe(1);
    expect(wrong.out).toMatch(/failed\s+locked-tp53\.pdf/);
    expect(wrong.out).toContain(
      'The password (from stdin) was wrong: run `ariadne ingest locked-tp53.pdf --password`',
    );
    expect(wrong.out).toMatch(/done\s+notes\.txt/);
    expect(wrong.out).not.toContain('not-the-password');
  }, 300_000);

  it('the right password on stdin opens it, and is kept in no file of the library, no log and no output', async () => {
    const right = await runBuiltCli(ingest([fx.hostile.locked], ['--password']), 180_000, {
      input: `${ENCRYPTED_PASSWORD}\n`,
    });
    expect(right.code, right.out).toBe(0);
    expect(right.out).toMatch(/done\s+locked-tp53\.pdf: \d+\/\d+ chunks, [1-9]\d* entities/);
    expect(right.out).not.toContain(ENCRYPTED_PASSWORD);
    for (const secret of [ENCRYPTED_PASSWORD, 'not-the-password'])
      expect(filesHolding(lib(), secret)).toEqual([]);
  }, 300_000);

  it('takes the password from ARIADNE_PDF_PASSWORD as well', async () => {
    const fresh = path.join(dir, 'lib-env');
    const r = await runBuiltCli(['--data', fresh, '--llm', 'builtin', 'ingest', fx.hostile.locked], 180_000, {
      env: { ARIADNE_PDF_PASSWORD: ENCRYPTED_PASSWORD },
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/done\s+locked-tp53\.pdf/);
    expect(r.out).toContain('Added 1 new document(s).');
    expect(filesHolding(fresh, ENCRYPTED_PASSWORD)).toEqual([]);
  }, 300_000);
});
