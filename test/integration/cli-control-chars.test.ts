import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isControlChar } from '../../src-main/contract/text-safety';
import { built, runBuiltCli } from './helpers/built-cli';

/** The control characters and invisible marks in `text`, line breaks aside, as code points. */
const controls = (text: string) =>
  [...text].flatMap((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c !== 0x0a && isControlChar(c) ? [c.toString(16)] : [];
  });

/**
 * Document text is untrusted: a title, a sentence or a file name carrying ESC sequences, bidi overrides or
 * zero-width characters must reach neither an entity's name or a document's title (stored as plain names)
 * nor the terminal (`ask`, `search`, `entities`, `status`, `doctor` print escapes), while the passages —
 * what evidence quotes point into — keep every character.
 */
describe.skipIf(!built)('control characters in documents, through the built CLI', () => {
  it('are made visible in what the CLI prints and kept out of names and titles', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-controls-'));
    const data = path.join(dir, 'lib');
    const note = path.join(dir, 'note\u202e\x1b[2K.txt');
    fs.writeFileSync(
      note,
      'Heparin\u202e trial\x1b[31m in trauma\n\n' +
        'Low molecular weight heparin (LMWH) prevents deep venous thrombosis (DVT) after trauma.\x1b[2J ' +
        'Heparin causes thrombocytopenia and \u202ebleeding\u202c in some \u200bpatients.\u2028\n',
    );
    const cli = async (...args: string[]) => {
      const r = await runBuiltCli(['--data', data, '--llm', 'builtin', ...args]);
      expect(r.code, r.out).toBe(0);
      return r.out;
    };
    await cli('ingest', note, '--json');

    const printed = {
      status: await cli('status'),
      entities: await cli('entities'),
      search: await cli('search', 'heparin'),
      ask: await cli('ask', 'What does heparin cause?'),
      doctor: await cli('doctor'),
    };
    for (const [command, out] of Object.entries(printed)) expect(controls(out), command).toEqual([]);
    // Shown as escapes, not dropped: the reader sees that the text holds them.
    expect(printed.search + printed.ask).toContain('\\u{1b}[2J');

    const { entities } = JSON.parse(await cli('entities', '--json')) as {
      entities: { name: string; aliases: string[]; documents: { title: string }[] }[];
    };
    expect(entities.map((e) => e.name.toLowerCase())).toEqual(
      expect.arrayContaining(['heparin', 'thrombocytopenia', 'bleeding', 'patients']),
    );
    for (const e of entities) {
      expect(controls([e.name, ...e.aliases].join(' ')), e.name).toEqual([]);
      for (const d of e.documents) expect(d.title).toBe('Heparin trial[31m in trauma');
    }

    // The passage keeps every character, so the evidence's offsets still point at the quoted words.
    const found = JSON.parse(await cli('search', 'heparin', '--json')) as object;
    expect(JSON.stringify(found)).toContain('\\u001b[2J');
  }, 240_000);
});
